/**
 * Runs in the browser on /api/docs (served as /api/docs/assets/<hash>/api-docs-browser.js, after
 * swagger-ui-bundle.js): renders /api/openapi.json with Swagger UI. No validator badge (it would
 * send the document to validator.swagger.io) and nothing else fetched from another origin.
 */
interface SwaggerUiGlobal {
  SwaggerUIBundle: ((config: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };
}

const swagger = (globalThis as unknown as SwaggerUiGlobal).SwaggerUIBundle;
swagger({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  presets: [swagger.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  validatorUrl: null,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
  // Over a hundred operations: the page opens on the list of tags and each opens on its own. With
  // every tag open at once, Swagger UI 5 stops rendering operations part-way down the page.
  docExpansion: 'none',
});

export {};

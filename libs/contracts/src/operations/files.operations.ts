import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema } from '../schemas/common.schema.js';
import { FILE_LIMITS, fileDeletedSchema, MIB, personalFileSchema, personalFilesSchema } from '../schemas/file.schema.js';
import { uploadedObjectSchema } from '../schemas/stored-object.schema.js';

/**
 * Personal files: list, create an upload, send its chunks, complete, delete. Downloads and
 * previews are in file-downloads.operations.ts.
 *
 * Upload design: `createMyFile` declares path, size and the whole file's sha256 and answers the
 * chunk size and count. Each chunk (index 0..chunks-1, every one `chunkBytes` long except the
 * last) is sent with its own sha256, in any order, as often as needed (a retry of the same bytes
 * is a no-op); `received` and `nextIndex` say where to resume. `completeMyFile` joins the chunks
 * into one object, checks the size and sha256 and makes the file ready and immutable.
 *
 * Or, for a client that can reach storage itself (a browser, the typed client, a script), the
 * bytes skip this API: `presignMyFileParts` answers short-lived presigned S3 UploadPart URLs for
 * the upload's own object, one per part of DIRECT_PART_BYTES, and `completeMyFile` with the parts'
 * ETags has storage join them, then checks the joined size and the whole file's sha256 before the
 * file is accepted. An upload takes one way or the other, never both.
 */

/** The smallest and largest chunk sizes an upload may choose; the default is the contract's chunk size. */
export const CHUNK_BYTES_RANGE = { min: 65_536, max: FILE_LIMITS.requestBytes } as const;

/** Bytes per part of a direct upload (S3's smallest part): every part but the last is exactly this long. */
export const DIRECT_PART_BYTES = 5_242_880;
/**
 * How long a presigned part URL is valid, at most (never past the upload's own deadline): long
 * enough for a 5 MiB part over a slow link (about 20 KB/s), short enough that a leaked URL is soon
 * worthless; a resumed upload asks for the parts it still lacks. Was 600.
 */
export const DIRECT_PART_URL_SECONDS = 300;
/** S3 numbers parts from 1 to 10,000. */
const MAX_PARTS = Math.ceil(FILE_LIMITS.fileBytes / DIRECT_PART_BYTES);

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The path rules below as one pattern, for the document (a regex cannot see the NFC length): each
 * segment is something other than `.` or `..`, without `/`, `\`, control characters, or whitespace
 * at either end. Written without lookaheads, which some clients' generators cannot read.
 */
const FILE_PATH_PATTERN = (() => {
  const any = '[^/\\\\\\u0000-\\u001f\\u007f-\\u009f]';
  const edge = '[^/\\\\\\s\\u0000-\\u001f\\u007f-\\u009f]';
  const edgeNotDot = '[^./\\\\\\s\\u0000-\\u001f\\u007f-\\u009f]';
  const segment = `(?:${edgeNotDot}(?:${any}*${edge})?|\\.(?:${edgeNotDot}|${any}+${edge}))`;
  return new RegExp(`^${segment}(?:/${segment})*$`);
})();

/** A relative path inside an area: no traversal, no control characters, no empty segments. */
export const filePathSchema = z
  .string({ error: 'Required.' })
  .min(1, 'Required.')
  .refine((p) => p.normalize('NFC').length <= FILE_LIMITS.pathLength, { message: `At most ${FILE_LIMITS.pathLength} characters.` })
  .refine((p) => !CONTROL.test(p), { message: 'Must not contain control characters.' })
  .refine((p) => !p.includes('\\'), { message: 'Use / to separate folders, not \\.' })
  .refine((p) => !p.startsWith('/'), { message: 'Must be relative (no leading /).' })
  .refine((p) => p.split('/').every((s) => s !== ''), { message: 'Must not have empty segments (// or a trailing /).' })
  .refine((p) => p.split('/').every((s) => s !== '.' && s !== '..'), { message: 'Must not contain . or .. segments.' })
  .refine((p) => p.split('/').every((s) => s.trim() === s), { message: 'Segments must not start or end with spaces.' })
  // Last, so the messages above name what is wrong; it refuses nothing they let through.
  .regex(FILE_PATH_PATTERN, 'Not a valid relative path.')
  .describe(
    `Relative path like reports/q3.pdf, at most ${FILE_LIMITS.pathLength} characters: no leading /, . or .. segment, control character or backslash; unique ignoring case`,
  );

/** A sha256 in hex; the example is the digest of no bytes. */
export function sha256Schema(description = 'sha256 in hex (64 characters)') {
  return z
    .string({ error: 'Required.' })
    .regex(/^[0-9a-fA-F]{64}$/, 'Must be a sha256 in hex (64 characters).')
    .meta({ description, examples: ['e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'] });
}

const fileIdSchema = idSchema.describe('File id');

/** What starting an upload answers, for either kind of area. */
export function uploadSlotSchema<F extends z.ZodType>(file: F) {
  return z.object({
    file,
    chunkBytes: z.number().int().describe('Bytes per chunk; every chunk but the last has exactly this size'),
    chunks: z.number().int().describe('How many chunks make the file (indexes 0 to chunks - 1)'),
    nextIndex: z.number().int().nullable().describe('The lowest chunk index not yet received; null when all are in'),
    uploadExpiresAt: dateTimeSchema.describe(
      `The upload must be completed by then (${FILE_LIMITS.transferSeconds} seconds after creation); afterwards it is removed and its quota freed`,
    ),
  });
}

/** What receiving a chunk answers, for either kind of area. */
export function chunkReceivedSchema<F extends z.ZodType>(file: F) {
  return z.object({
    file,
    index: z.number().int(),
    nextIndex: z.number().int().nullable().describe('The lowest chunk index not yet received; null when all are in: call complete'),
  });
}

/** What asking for presigned part URLs answers, for either kind of area. */
export function directPartsSchema<F extends z.ZodType>(file: F) {
  return z.object({
    file,
    partBytes: z.number().int().describe(`Bytes per part: every part but the last has exactly this size (${DIRECT_PART_BYTES})`),
    parts: z.number().int().describe('How many parts make the file (numbers 1 to parts)'),
    urls: z.array(
      z.object({
        number: z.number().int().describe('Part number, from 1; part n holds bytes (n - 1) * partBytes up to the next part'),
        bytes: z.number().int().describe("The part's exact size"),
        url: z.string().describe("PUT the part's bytes here (Content-Length exactly `bytes`); keep the ETag header of the answer for complete"),
      }),
    ),
    expiresAt: dateTimeSchema.describe(
      `The URLs stop working then (at most ${DIRECT_PART_URL_SECONDS} seconds, never past uploadExpiresAt); ask again for new ones`,
    ),
  });
}

/** The parts of a direct upload as storage acknowledged them, sent with complete. */
export const directPartsField = z
  .array(
    z.object({
      number: z.number({ error: 'Must be a whole number.' }).int('Must be a whole number.').min(1, 'Must be at least 1.').max(MAX_PARTS, 'No such part.'),
      // Visible ASCII, as an HTTP ETag is: anything else was never a header storage answered.
      etag: z
        .string({ error: 'Required.' })
        .min(1, 'Required.')
        .max(200, 'At most 200 characters.')
        .regex(/^[\x21-\x7e]+$/, 'Must be the ETag header as storage answered it (visible ASCII).')
        .describe("The ETag header storage answered to the part's PUT"),
    }),
  )
  .min(1, 'Name every part.')
  .max(MAX_PARTS, `At most ${MAX_PARTS} parts.`)
  .optional()
  .describe("For presigned uploads: every part, numbers 1 to parts, with its PUT's ETag");

/** Which parts to presign: the numbers, or every part when left out. */
export const partNumbersField = z
  .array(z.number({ error: 'Must be a whole number.' }).int('Must be a whole number.').min(1, 'Must be at least 1.').max(MAX_PARTS, 'No such part.'))
  .min(1, 'Name at least one part.')
  .max(MAX_PARTS, `At most ${MAX_PARTS} parts.`)
  .optional()
  .describe('Parts wanted (a resumed upload asks for those it lacks); all when left out');

export const fileUploadSchema = uploadSlotSchema(personalFileSchema);
export const fileDirectPartsSchema = directPartsSchema(personalFileSchema);
export const fileChunkReceivedSchema = chunkReceivedSchema(personalFileSchema);

/** The fields that declare a new file, in any area. */
export const newFileFields = {
  path: filePathSchema,
  size: z
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(FILE_LIMITS.fileBytes, `At most ${FILE_LIMITS.fileBytes} bytes.`)
    .describe(`The file's exact size in bytes, 1 to ${FILE_LIMITS.fileBytes}`),
  sha256: sha256Schema("The whole file's sha256 in hex; complete checks the joined chunks against it"),
  chunkBytes: z
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(CHUNK_BYTES_RANGE.min, `Must be at least ${CHUNK_BYTES_RANGE.min}.`)
    .max(CHUNK_BYTES_RANGE.max, `Must be at most ${CHUNK_BYTES_RANGE.max}.`)
    .optional()
    .describe(
      `Bytes per chunk, ${CHUNK_BYTES_RANGE.min} to ${CHUNK_BYTES_RANGE.max} (default ${FILE_LIMITS.chunkBytes}; over MCP at most ${FILE_LIMITS.chunkBytes})`,
    ),
};

/** The fields of one chunk, in any area. */
export const chunkFields = {
  index: z
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(0, 'Must be at least 0.')
    .max(Math.ceil(FILE_LIMITS.fileBytes / CHUNK_BYTES_RANGE.min), 'No such chunk.')
    .describe('Chunk index from 0; chunk i holds bytes i*chunkBytes up to the next chunk'),
  sha256: sha256Schema("This chunk's sha256 in hex"),
  chunk: uploadedObjectSchema.describe("The chunk's bytes: exactly chunkBytes, or the rest for the last chunk"),
};

/**
 * Chunks travel as raw bytes on REST (sha256 in the query) and as base64 over MCP; the gateway
 * stages both, and the files service adopts the staged object as the chunk.
 */
export const CHUNK_UPLOAD = {
  field: 'chunk',
  contentTypes: ['application/octet-stream'],
  maxBytes: FILE_LIMITS.requestBytes,
  base64InJson: true,
  toolMaxBytes: FILE_LIMITS.chunkBytes,
  adopt: true,
} as const;

export const listMyFiles = defineOperation({
  name: 'listMyFiles',
  service: 'files',
  summary: 'Your personal files, with their upload state and the file limits',
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: personalFilesSchema,
  rest: { method: 'GET', path: '/api/me/files', status: 200 },
  mcp: {
    tool: 'list_my_files',
    description: "Your personal files (private to you and your agents) with their upload status and the area's limits. Fetch one with download_my_file.",
  },
});

export const createMyFile = defineOperation({
  name: 'createMyFile',
  service: 'files',
  summary: 'Start uploading a personal file: declare its path, size and sha256',
  access: 'member',
  scope: 'agent:write',
  input: z.object(newFileFields),
  output: fileUploadSchema,
  rest: { method: 'POST', path: '/api/me/files', status: 201 },
  mcp: {
    tool: 'create_my_file',
    description: 'Start an upload: send chunks (upload_my_file_chunk) or PUT parts (presign_my_file_parts), then complete_my_file. 409: path taken, area full.',
  },
});

export const uploadMyFileChunk = defineOperation({
  name: 'uploadMyFileChunk',
  service: 'files',
  summary: 'Send one chunk of an upload: the raw bytes as the body, their sha256 in the query',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ fileId: fileIdSchema, ...chunkFields }),
  output: fileChunkReceivedSchema,
  rest: {
    method: 'PUT',
    path: '/api/me/files/{fileId}/chunks/{index}',
    status: 200,
    fields: { sha256: { in: 'query' } },
    upload: CHUNK_UPLOAD,
  },
  mcp: {
    tool: 'upload_my_file_chunk',
    args: { fileId: 'file_id', chunk: 'data' },
    description: 'Send one chunk, in any order; resending is safe. nextIndex is the lowest chunk still missing; when it is null, call complete_my_file.',
  },
});

export const presignMyFileParts = defineOperation({
  name: 'presignMyFileParts',
  service: 'files',
  summary: 'Send an upload straight to storage: short-lived presigned URLs, one per part',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ fileId: fileIdSchema, partNumbers: partNumbersField }),
  output: fileDirectPartsSchema,
  rest: { method: 'POST', path: '/api/me/files/{fileId}/parts', status: 200 },
  mcp: {
    tool: 'presign_my_file_parts',
    args: { fileId: 'file_id', partNumbers: 'part_numbers' },
    description: `For files over ${FILE_LIMITS.proxyBytes / MIB} MiB, if you can make HTTP requests: URLs to PUT ${DIRECT_PART_BYTES / MIB} MiB parts to storage; keep each ETag. 409 once chunks were sent.`,
  },
});

export const completeMyFile = defineOperation({
  name: 'completeMyFile',
  service: 'files',
  summary: 'Finish an upload: join the chunks (or the parts sent to storage), verify size and sha256, make the file ready',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ fileId: fileIdSchema, parts: directPartsField }),
  output: personalFileSchema,
  rest: { method: 'POST', path: '/api/me/files/{fileId}/complete', status: 200 },
  mcp: {
    tool: 'complete_my_file',
    args: { fileId: 'file_id' },
    description: "Call once every chunk is in (with each part's ETag for presigned parts). 409: chunks missing or sha256 mismatch; 503: retry shortly.",
  },
});

export const deleteMyFile = defineOperation({
  name: 'deleteMyFile',
  service: 'files',
  summary: 'Delete a personal file (uploading or ready); its storage is freed in the background',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ fileId: fileIdSchema }),
  output: fileDeletedSchema,
  rest: { method: 'DELETE', path: '/api/me/files/{fileId}', status: 200 },
  mcp: {
    tool: 'delete_my_file',
    args: { fileId: 'file_id' },
    description: 'Delete a personal file: it reads as deleting (not readable) and keeps its quota until its storage is removed, then leaves the list.',
  },
});

/**
 * REST only: the contract names no tool for it, and the tool list is at its size budget. Only a
 * turned-in file is fixed, and that happens in a job's worker folder, never in a personal area.
 */
export const renameMyFile = defineOperation({
  name: 'renameMyFile',
  service: 'files',
  summary: 'Rename or move a personal file (uploading or ready) to a new path; 409 when the path is taken or the file is being deleted',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ fileId: fileIdSchema, path: filePathSchema }),
  output: personalFileSchema,
  rest: { method: 'PATCH', path: '/api/me/files/{fileId}', status: 200 },
});

export const filesOperations = [listMyFiles, createMyFile, uploadMyFileChunk, presignMyFileParts, completeMyFile, deleteMyFile, renameMyFile] as const;

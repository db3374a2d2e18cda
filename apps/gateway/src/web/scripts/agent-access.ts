import { byId, errorBody, JSON_HEADERS, say as sayIn } from './dom.js';

interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}
interface Agent {
  clientId: string;
  name: string;
  domain: string;
  scopes: string[];
  connectedAt: string;
  lastUsedAt: string | null;
}

const rows = byId('keys');
const empty = byId('no-keys');
const status = byId('status');
const created = byId('new-key');
const form = byId<HTMLFormElement>('create-form');
const keyName = byId<HTMLInputElement>('key-name');
const agentRows = byId('agents');

const say = (text: string, error = false) => sayIn(status, text, error);

function when(iso: string): HTMLTimeElement {
  const t = document.createElement('time');
  t.dateTime = iso;
  t.textContent = new Date(iso).toLocaleString();
  return t;
}

function row(): { tr: HTMLTableRowElement; cell: (content: string | Node) => void } {
  const tr = document.createElement('tr');
  const cell = (content: string | Node) => {
    const td = document.createElement('td');
    td.append(content);
    tr.append(td);
  };
  return { tr, cell };
}

function actionButton(text: string, label: string, onClick: () => Promise<void>): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary';
  button.textContent = text;
  button.setAttribute('aria-label', label);
  button.addEventListener('click', () => void onClick());
  return button;
}

async function loadKeys(): Promise<void> {
  const res = await fetch('/api/me/api-keys');
  if (res.status === 401) {
    location.assign('/sign-in?next=/agent-access');
    return;
  }
  if (!res.ok) return say('Your keys could not be loaded. Reload the page to try again.', true);
  const { keys } = (await res.json()) as { keys: ApiKey[] };
  rows.replaceChildren();
  empty.hidden = keys.length > 0;
  for (const key of keys) {
    const { tr, cell } = row();
    cell(key.name);
    const code = document.createElement('code');
    code.textContent = `${key.prefix}…`;
    cell(code);
    cell(when(key.createdAt));
    cell(key.lastUsedAt ? when(key.lastUsedAt) : 'Never');
    cell(
      actionButton('Revoke', `Revoke ${key.name}`, async () => {
        const res = await fetch(`/api/me/api-keys/${encodeURIComponent(key.id)}`, { method: 'DELETE', headers: JSON_HEADERS, body: '{}' });
        if (!res.ok) return say((await errorBody(res)).error || 'The key could not be revoked.', true);
        say(`Revoked ${key.name}. It no longer works.`);
        await loadKeys();
        byId('keys-heading').focus();
      }),
    );
    rows.append(tr);
  }
}

async function loadAgents(): Promise<void> {
  const res = await fetch('/api/me/agents');
  if (!res.ok) return say('Your connected agents could not be loaded. Reload the page to try again.', true);
  const { agents } = (await res.json()) as { agents: Agent[] };
  agentRows.replaceChildren();
  byId('no-agents').hidden = agents.length > 0;
  for (const agent of agents) {
    const { tr, cell } = row();
    cell(agent.name);
    cell(agent.domain);
    cell(agent.scopes.join(' '));
    cell(when(agent.connectedAt));
    cell(agent.lastUsedAt ? when(agent.lastUsedAt) : 'Never');
    cell(
      actionButton('Disconnect', `Disconnect ${agent.name}`, async () => {
        const res = await fetch(`/api/me/agents/${encodeURIComponent(agent.clientId)}`, { method: 'DELETE', headers: JSON_HEADERS, body: '{}' });
        if (!res.ok) return say((await errorBody(res)).error || 'The agent could not be disconnected.', true);
        say(`Disconnected ${agent.name}. It can no longer act for you.`);
        await loadAgents();
        byId('agents-heading').focus();
      }),
    );
    agentRows.append(tr);
  }
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const res = await fetch('/api/me/api-keys', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ name: keyName.value.trim() }) });
  const body = (await res.json().catch(() => ({}))) as { key?: string; name?: string; error?: string; fields?: Record<string, string> };
  if (!res.ok) {
    say(body.fields?.name ? `Name: ${body.fields.name}` : body.error || 'The key could not be created.', true);
    return;
  }
  say('');
  byId('new-key-value').textContent = body.key ?? '';
  byId('new-key-name').textContent = body.name ?? '';
  created.hidden = false;
  created.focus();
  form.reset();
  await loadKeys();
});

byId('sign-out').addEventListener('click', async () => {
  await fetch('/api/auth/sign-out', { method: 'POST', headers: JSON_HEADERS, body: '{}' });
  location.assign('/sign-in');
});

void loadKeys().then(loadAgents);

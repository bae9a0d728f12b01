import type { OpenApiDocument, OpenApiOperation } from './openApi';

/** The stylesheet of the docs page, served as a file so the page needs no inline style. */
export const docsStylesheet = `body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #d0d7de;padding:.4rem .6rem;text-align:left;vertical-align:top}
code{font:13px ui-monospace,monospace}.method{font-weight:700;text-transform:uppercase}
.get{color:#0969da}.post{color:#1a7f37}.put{color:#9a6700}.delete{color:#cf222e}
.muted{color:#57606a}
`;

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

function row(path: string, method: string, operation: OpenApiOperation): string {
  const parameters = operation.parameters
    .map((parameter) => `${parameter.name}${parameter.required ? '' : '?'} (${parameter.in})`)
    .join(', ');
  const access = [
    operation['x-poolkit-auth'],
    operation['x-poolkit-write'] ? 'write' : 'read',
    operation['x-poolkit-permission'] ?? '',
  ]
    .filter((part) => part !== '')
    .join(' · ');
  return `<tr>
<td class="method ${escapeHtml(method)}">${escapeHtml(method)}</td>
<td><code>${escapeHtml(path)}</code><br><span class="muted">${escapeHtml(operation.operationId)}</span></td>
<td>${escapeHtml(operation.summary)}</td>
<td>${escapeHtml(parameters)}${operation.requestBody === undefined ? '' : `${parameters === '' ? '' : '<br>'}JSON body`}</td>
<td>${escapeHtml(access)}</td>
</tr>`;
}

/**
 * Renders the docs page on the server from the OpenAPI document: one table row per operation.
 * No script at all, and its stylesheet is a separate file, so it passes the site's strict CSP.
 */
export function renderDocsPage(document: OpenApiDocument): string {
  const rows = Object.entries(document.paths)
    .sort(([left], [right]) => left.localeCompare(right))
    .flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => row(path, method, operation)),
    );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title>
<link rel="stylesheet" href="/api/docs/ui.css">
</head>
<body>
<h1>${escapeHtml(document.info.title)} <span class="muted">${escapeHtml(document.info.version)}</span></h1>
<p>${escapeHtml(document.info.description)}</p>
<p>${rows.length} operations. Machine-readable: <a href="/api/docs">OpenAPI 3.1 JSON</a>.</p>
<table>
<thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Input</th><th>Access</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</body>
</html>
`;
}

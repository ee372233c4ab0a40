import { useState } from 'react';
import type { McpServerReport } from '../../tools/mcp/servers';
import { usePlayground } from '../store';
import { connectPageServer, disconnectPageServer, rememberedToken, usePageServers, whyNotConnectable, type PageServer } from './mcpConnections';

/**
 * "Connect an MCP server": a Streamable HTTP endpoint and an optional bearer token. The token is
 * kept like the live API key: in this page's memory (or this tab's sessionStorage when asked), sent
 * only to that server, never put in a link, an export, a record or a log. Connected servers show
 * their name, version, state and tools with their safety, and join every run's pool.
 */
/** No servers named: one array, so the store's selector below returns the same value while no scenario is open. */
const NONE: readonly never[] = [];

export function McpServersPanel() {
  const servers = usePageServers((state) => state.servers);
  const named = usePlayground((state) => state.scenario?.settings.mcpServers ?? NONE);
  const [name, setName] = useState('everything');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [remember, setRemember] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const connect = () => {
    const refusal = whyNotConnectable({ name, url });
    setProblem(refusal);
    if (refusal) return;
    void connectPageServer({ name, url, token: token || rememberedToken(url), remember });
  };
  const unconnected = named.filter((server) => typeof server !== 'string' && !servers.some((mine) => mine.name === server.name && mine.state === 'connected'));

  return (
    <section className="mcp-servers" aria-label="MCP servers" data-testid="mcp-servers">
      <h4>MCP servers</h4>
      {unconnected.length > 0 && (
        <ul className="mcp-named" data-testid="mcp-named">
          {unconnected.map((server) =>
            typeof server === 'string' ? null : 'url' in server ? (
              <li key={server.name}>
                This scenario names <span className="mono">{server.name}</span> at <span className="mono">{server.url}</span>: the page connects it only when you
                do.{' '}
                <button
                  type="button"
                  onClick={() => {
                    setName(server.name);
                    setUrl(server.url);
                  }}
                >
                  Fill in the form
                </button>
                {server.headers && ` Its headers (${Object.keys(server.headers).join(', ')}) are for the command line; the page sends only the token given here.`}
              </li>
            ) : (
              <li key={server.name}>
                This scenario starts <span className="mono">{server.name}</span> as a program (stdio): only the command line starts programs.
              </li>
            ),
          )}
        </ul>
      )}
      <form
        className="mcp-connect"
        aria-label="Connect an MCP server"
        data-testid="mcp-connect"
        onSubmit={(event) => {
          event.preventDefault();
          connect();
        }}
      >
        <label>
          <span>Name</span>
          <input type="text" spellCheck={false} value={name} onChange={(event) => setName(event.target.value)} data-testid="mcp-name" />
        </label>
        <label>
          <span>URL</span>
          <input type="url" spellCheck={false} value={url} placeholder="http://127.0.0.1:3001/mcp" onChange={(event) => setUrl(event.target.value)} data-testid="mcp-url" />
        </label>
        <label>
          <span>Bearer token</span>
          <input type="password" autoComplete="off" spellCheck={false} value={token} placeholder="(optional)" onChange={(event) => setToken(event.target.value)} data-testid="mcp-token" />
        </label>
        <label className="check">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>Remember the token for this tab</span>
        </label>
        <button type="submit" className="primary" data-testid="mcp-connect-button">
          Connect an MCP server
        </button>
        {problem && (
          <p className="mcp-problem" role="alert">
            {problem}
          </p>
        )}
        <p className="muted">
          Over Streamable HTTP, from this browser straight to the server: it must allow this page’s origin (CORS). The token stays in this page’s memory
          {remember ? ' and this tab’s session storage' : ''} and goes to that server only. The page never offers a tool that returns the server’s environment
          (get-env).
        </p>
      </form>
      {servers.length > 0 && (
        <ul className="mcp-list">
          {servers.map((server) => (
            <PageServerItem key={server.name} server={server} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PageServerItem({ server }: { server: PageServer }) {
  return (
    <li className="mcp-server" data-testid="mcp-server" data-name={server.name} data-state={server.state}>
      <div className="mcp-server-head">
        <span className="mono">{server.name}</span>
        {server.report?.server && (
          <span className="muted">
            {' '}
            {server.report.server.title ?? server.report.server.name} {server.report.server.version}
          </span>
        )}
        <span className={`mcp-state mcp-state--${server.state}`}>{server.state}</span>
        <button type="button" onClick={() => void disconnectPageServer(server.name)}>
          {server.state === 'connected' || server.state === 'connecting' ? 'Disconnect' : 'Remove'}
        </button>
      </div>
      <p className="muted mono">
        {server.url}
        {server.withToken ? ' · with a bearer token' : ''}
      </p>
      {server.message && (
        <p className="mcp-problem" data-testid="mcp-server-message">
          {server.message}
        </p>
      )}
      {server.report && <ServerTools report={server.report} />}
    </li>
  );
}

/** A server's tools with their safety (and why one is not offered), as a run's pool report and the page's list both show them. */
export function ServerTools({ report }: { report: McpServerReport }) {
  return (
    <ul className="mcp-tools">
      {report.tools.map((tool) => (
        <li
          key={tool.name}
          data-testid="mcp-tool"
          data-tool={tool.poolName}
          data-safety={tool.refused ? 'refused' : tool.readOnly ? 'read-only' : 'unsafe'}
          title={tool.refused ?? (tool.readOnly ? 'readOnlyHint: runs in parallel with other safe calls' : 'not read-only: runs alone')}
        >
          <span className="mono">{tool.refused ? '−' : tool.readOnly ? '∥' : '▮'} {tool.name}</span>{' '}
          <span className="muted">{tool.refused ? tool.refused : tool.readOnly ? 'read-only, runs in parallel' : 'may change things, runs alone'}</span>
        </li>
      ))}
    </ul>
  );
}

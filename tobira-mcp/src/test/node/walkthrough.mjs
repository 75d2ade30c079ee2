// The shop walk-through of a headless agent, on the official TypeScript MCP SDK: an independent
// client of tobira's MCP server. NodeClientTest runs it over stdio (this script starts the server)
// and over Streamable HTTP (the test started it), then checks the data through its own side channel.
//
// Input (environment): TOBIRA_MODE stdio|http; for stdio TOBIRA_COMMAND and TOBIRA_ARGS (a JSON
// array); for http TOBIRA_URL and TOBIRA_TOKEN. Output: one JSON line of what it saw; exit 0 when
// every step behaved as the reference says, 1 with the failed step on stderr otherwise.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const REFUSAL = "sqlite: query: only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA statements are allowed on a read-only connection: read-only violation";
const TOP_PAID = "select c.name, sum(o.total_cents) as cents from customers c join orders o on o.customer_id = c.id "
  + "where o.status = 'paid' group by c.id, c.name order by cents desc limit 1";

function check(condition, what) {
  if (!condition) {
    throw new Error("walk-through failed: " + what);
  }
}

function text(result) {
  check(Array.isArray(result.content) && result.content.length === 1 && result.content[0].type === "text",
    "a tool result is one text item: " + JSON.stringify(result));
  return result.content[0].text;
}

function transport() {
  const env = process.env;
  if (env.TOBIRA_MODE === "stdio") {
    return new StdioClientTransport({ command: env.TOBIRA_COMMAND, args: JSON.parse(env.TOBIRA_ARGS), stderr: "inherit" });
  }
  check(env.TOBIRA_MODE === "http", "TOBIRA_MODE is stdio or http");
  return new StreamableHTTPClientTransport(new URL(env.TOBIRA_URL), {
    requestInit: { headers: { Authorization: "Bearer " + env.TOBIRA_TOKEN } },
  });
}

const client = new Client({ name: "walkthrough-node", version: "1.0.0" });
const seen = {};
try {
  await client.connect(transport());
  seen.server = client.getServerVersion();

  // 1. what can I do?
  const tools = (await client.listTools()).tools;
  seen.tools = tools.map((t) => t.name).sort();
  check(seen.tools.includes("query") && seen.tools.includes("describe"), "query and describe are offered");
  check(!seen.tools.includes("execute"), "execute is absent without allow_writes");
  for (const t of tools) {
    check(t.annotations && t.annotations.readOnlyHint === true, t.name + " says readOnlyHint");
  }

  // 2. which databases?
  const conns = JSON.parse(text(await client.callTool({ name: "list_connections", arguments: {} })));
  seen.connections = conns.map((c) => c.name);
  check(conns.length === 1 && conns[0].name === "shop" && conns[0].read_only === true, "one read-only connection: " + JSON.stringify(conns));

  // 3. what is in it?
  const orders = JSON.parse(text(await client.callTool({ name: "describe", arguments: { connection: "shop", collection: "orders" } })));
  seen.orderFields = orders.fields.map((f) => f.name);
  check(seen.orderFields.includes("total_cents"), "orders has total_cents");

  // 4. the top paid customer
  const top = await client.callTool({ name: "query", arguments: { connection: "shop", query: TOP_PAID } });
  check(!top.isError, "the query succeeds: " + text(top));
  const result = JSON.parse(text(top));
  seen.top = result.rows[0][0];
  seen.topCents = result.rows[0][1];
  check(seen.top === "Ada Lovelace" && seen.topCents === 6249, "Ada Lovelace paid 6249 cents: " + JSON.stringify(result));
  check(result.truncated === false, "not truncated");

  // 5. the agent tries to clean up; the guard says no
  const del = await client.callTool({ name: "query", arguments: { connection: "shop", query: "DELETE FROM orders WHERE status='refunded'" } });
  seen.deleteIsError = del.isError === true;
  seen.deleteMessage = text(del);
  check(seen.deleteIsError, "the delete is an error result");
  check(seen.deleteMessage === REFUSAL, "the reference's message: " + seen.deleteMessage);

  // 6. and a connection it was not given
  const prod = await client.callTool({ name: "query", arguments: { connection: "prod", query: "select 1" } });
  check(prod.isError === true && text(prod) === 'unknown connection "prod": call list_connections for the names', "unknown connection: " + text(prod));

  // 7. the refunded order is still there
  const still = JSON.parse(text(await client.callTool({ name: "query",
    arguments: { connection: "shop", query: "select count(*) from orders where status = 'refunded'" } })));
  seen.refundedAfter = still.rows[0][0];
  check(seen.refundedAfter === 1, "the refunded order is still there");

  console.log(JSON.stringify(seen));
  await client.close();
  process.exit(0);
} catch (e) {
  console.error(e && e.stack ? e.stack : String(e));
  console.log(JSON.stringify(seen));
  try {
    await client.close();
  } catch (ignored) {
    // already broken
  }
  process.exit(1);
}

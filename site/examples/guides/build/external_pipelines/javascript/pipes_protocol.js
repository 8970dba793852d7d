"use strict";
// A small implementation of the external side of the Dagster Pipes protocol
// for Node.js. It supports the channels that PipesSubprocessClient and most
// container-based clients use: context in a file or inline, messages to a
// file or to stdout/stderr.

const fs = require("node:fs");
const zlib = require("node:zlib");

const PROTOCOL_VERSION = "0.1";

// Bootstrap values are JSON, compressed with zlib, then base64-encoded.
function decodeParam(value) {
  const compressed = Buffer.from(value, "base64");
  return JSON.parse(zlib.inflateSync(compressed).toString("utf-8"));
}

function loadContextData(params) {
  if (typeof params.path === "string") {
    return JSON.parse(fs.readFileSync(params.path, "utf-8"));
  }
  if (params.data && typeof params.data === "object") {
    return params.data;
  }
  throw new Error(`Unsupported context params: ${JSON.stringify(params)}`);
}

function openMessageChannel(params) {
  if (typeof params.path === "string") {
    // One JSON message a line, appended to the file Dagster is tailing.
    return (line) => fs.appendFileSync(params.path, line + "\n");
  }
  if (params.stdio === "stdout" || params.stdio === "stderr") {
    const stream = params.stdio === "stdout" ? process.stdout : process.stderr;
    return (line) => stream.write(line + "\n");
  }
  throw new Error(`Unsupported messages params: ${JSON.stringify(params)}`);
}

// Plain values are sent with type "__infer__"; an object that already has
// `raw_value` and `type` (for example { raw_value: "https://...", type: "url" })
// is sent as it is.
function normalizeMetadata(metadata) {
  const normalized = {};
  for (const [key, value] of Object.entries(metadata || {})) {
    const isTyped =
      value !== null && typeof value === "object" && "raw_value" in value && "type" in value;
    normalized[key] = isTyped ? value : { raw_value: value, type: "__infer__" };
  }
  return normalized;
}

class PipesContext {
  constructor(env = process.env) {
    if (!env.DAGSTER_PIPES_CONTEXT || !env.DAGSTER_PIPES_MESSAGES) {
      throw new Error("DAGSTER_PIPES_CONTEXT and DAGSTER_PIPES_MESSAGES are not set");
    }
    this.data = loadContextData(decodeParam(env.DAGSTER_PIPES_CONTEXT));
    this.writeLine = openMessageChannel(decodeParam(env.DAGSTER_PIPES_MESSAGES));
    this.closed = false;
    this.send("opened", { extras: {} });
  }

  send(method, params) {
    if (this.closed) {
      throw new Error("Cannot send a message after the Pipes context is closed");
    }
    this.writeLine(
      JSON.stringify({ __dagster_pipes_version: PROTOCOL_VERSION, method, params })
    );
  }

  get assetKey() {
    const keys = this.data.asset_keys || [];
    if (keys.length !== 1) {
      throw new Error(`Expected exactly one asset in scope, found ${keys.length}`);
    }
    return keys[0];
  }

  get partitionKey() {
    return this.data.partition_key;
  }

  get runId() {
    return this.data.run_id;
  }

  getExtra(key) {
    const extras = this.data.extras || {};
    if (!(key in extras)) {
      throw new Error(`Extra "${key}" was not passed by the orchestration process`);
    }
    return extras[key];
  }

  log(message, level = "INFO") {
    this.send("log", { message: String(message), level });
  }

  reportAssetMaterialization(metadata = {}, { dataVersion = null, assetKey = null } = {}) {
    this.send("report_asset_materialization", {
      asset_key: assetKey || this.assetKey,
      data_version: dataVersion,
      metadata: normalizeMetadata(metadata),
    });
  }

  reportAssetCheck(checkName, passed, { severity = "ERROR", metadata = {}, assetKey = null } = {}) {
    this.send("report_asset_check", {
      asset_key: assetKey || this.assetKey,
      check_name: checkName,
      passed: Boolean(passed),
      severity,
      metadata: normalizeMetadata(metadata),
    });
  }

  close(error = null) {
    if (this.closed) {
      return;
    }
    const params = error
      ? {
          exception: {
            name: error.name || "Error",
            message: String(error.message),
            stack: String(error.stack || "").split("\n"),
            cause: null,
            context: null,
          },
        }
      : {};
    this.send("closed", params);
    this.closed = true;
  }
}

// Runs `body` with an open context, and always sends the "closed" message,
// with the error attached if `body` throws.
async function withDagsterPipes(body) {
  const pipes = new PipesContext();
  try {
    const result = await body(pipes);
    pipes.close();
    return result;
  } catch (error) {
    pipes.close(error);
    throw error;
  }
}

module.exports = { PipesContext, withDagsterPipes, decodeParam };

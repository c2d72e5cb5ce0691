#!/usr/bin/env node
// tests/oracle/oracle.js - ask dynalite (an open-source DynamoDB implementation) for its
// verdict on each request of a cases file.
// SPDX-License-Identifier: MIT
//
//   node tests/oracle/oracle.js --dynalite DIR CASES.jsonl > VERDICTS.jsonl
//
// DIR holds node_modules/dynalite (tests/oracle/rederive installs it into
// build/oracle-tools). dynalite runs inside this process and listens on 127.0.0.1 on a
// port the kernel picks; nothing else is contacted.
//
// Each case line: {"id", "op", "table": {"hash": {"name","type"}, "range": {...},
// "gsi": [{"name","hash","range"}], "lsi": [...]} or null, "params": {...}}.
// Each output line: {"id", "ok": true} or {"id", "ok": false, "type", "message"}.
// Every request runs against an empty table of the case's key schema, named
// params.TableName; a table is dropped and made again when its schema changes or a
// write may have put an item in it. "table": null sends the request with no table.
'use strict'

const http = require('http')
const fs = require('fs')
const path = require('path')

function usage () {
  process.stderr.write('usage: oracle.js --dynalite DIR CASES.jsonl\n')
  process.exit(2)
}

const args = process.argv.slice(2)
let dir = null
let casesPath = null
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--dynalite') dir = args[++i]
  else if (!casesPath) casesPath = args[i]
  else usage()
}
if (!dir || !casesPath) usage()

const dynalite = require(path.join(path.resolve(dir), 'node_modules', 'dynalite'))
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
let port = 0

function send (op, body) {
  const payload = Buffer.from(JSON.stringify(body), 'utf8')
  const opts = {
    host: '127.0.0.1',
    port: port,
    method: 'POST',
    path: '/',
    agent: agent,
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': 'DynamoDB_20120810.' + op,
      'Content-Length': payload.length,
      // dynalite wants the shape of a SigV4 header, not a valid signature.
      'Authorization': 'AWS4-HMAC-SHA256 Credential=ORACLE/20261130/us-east-1/dynamodb/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=00',
      'X-Amz-Date': '20261130T000000Z'
    }
  }
  return new Promise((resolve, reject) => {
    const req = http.request(opts, (res) => {
      const parts = []
      res.on('data', (d) => parts.push(d))
      res.on('error', reject)
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8')
        let body
        try { body = JSON.parse(text) } catch (e) { body = { __type: 'NotJson', message: text } }
        resolve({ status: res.statusCode, body: body })
      })
    })
    req.on('error', reject)
    req.end(payload)
  })
}

function verdict (res) {
  if (res.status === 200) return { ok: true }
  const b = res.body || {}
  const type = String(b.__type || 'Unknown').replace(/^.*#/, '')
  const message = b.message !== undefined ? b.message : (b.Message !== undefined ? b.Message : '')
  return { ok: false, type: type, message: String(message) }
}

// The CreateTable request for a shorthand key schema.
function createTableRequest (name, spec) {
  const defs = new Map()
  const keys = (h, r) => {
    const ks = [{ AttributeName: h.name, KeyType: 'HASH' }]
    defs.set(h.name, h.type || 'S')
    if (r) {
      ks.push({ AttributeName: r.name, KeyType: 'RANGE' })
      defs.set(r.name, r.type || 'S')
    }
    return ks
  }
  const req = { TableName: name, BillingMode: 'PAY_PER_REQUEST', KeySchema: keys(spec.hash, spec.range) }
  const ix = (list, local) => list.map((x) => ({
    IndexName: x.name,
    KeySchema: keys(local ? spec.hash : x.hash, x.range),
    Projection: { ProjectionType: 'ALL' }
  }))
  if (spec.gsi && spec.gsi.length) req.GlobalSecondaryIndexes = ix(spec.gsi, false)
  if (spec.lsi && spec.lsi.length) req.LocalSecondaryIndexes = ix(spec.lsi, true)
  req.AttributeDefinitions = Array.from(defs, ([n, t]) => ({ AttributeName: n, AttributeType: t }))
  return req
}

const live = new Map() // table name -> { key: schema json, clean: bool }

async function until (name, gone) {
  for (let i = 0; i < 1000; i++) {
    const r = await send('DescribeTable', { TableName: name })
    if (gone && r.status !== 200) return
    if (!gone && r.status === 200 && r.body.Table.TableStatus === 'ACTIVE') return
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  throw new Error('table ' + name + ' never became ' + (gone ? 'deleted' : 'active'))
}

async function dropTable (name) {
  await send('DeleteTable', { TableName: name })
  await until(name, true)
  live.delete(name)
}

async function prepare (c) {
  const name = c.params.TableName
  if (typeof name !== 'string') return
  if (!c.table) {
    if (live.has(name)) await dropTable(name)
    return
  }
  const create = createTableRequest(name, c.table)
  const key = JSON.stringify(create)
  const have = live.get(name)
  if (have && have.key === key && have.clean) return
  if (have) await dropTable(name)
  const r = await send('CreateTable', create)
  if (r.status !== 200) throw new Error('CreateTable ' + name + ': ' + JSON.stringify(r.body))
  await until(name, false)
  live.set(name, { key: key, clean: true })
}

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'])

async function runCase (c) {
  await prepare(c)
  const res = await send(c.op, c.params)
  if (WRITES.has(c.op) && res.status === 200 && live.has(c.params.TableName)) {
    live.get(c.params.TableName).clean = false
  }
  return verdict(res)
}

async function main () {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  port = server.address().port
  const lines = fs.readFileSync(casesPath, 'utf8').split('\n').filter((l) => l.trim() !== '')
  const out = []
  for (const line of lines) {
    const c = JSON.parse(line)
    let v
    try { v = await runCase(c) } catch (e) { v = { ok: false, type: 'OracleError', message: String(e.message || e) } }
    out.push(JSON.stringify(Object.assign({ id: c.id }, v)))
  }
  process.stdout.write(out.join('\n') + '\n')
  agent.destroy()
  server.close()
}

main().catch((e) => {
  process.stderr.write('oracle.js: ' + (e && e.stack ? e.stack : e) + '\n')
  process.exit(1)
})

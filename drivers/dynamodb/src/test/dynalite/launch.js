// Starts dynalite in memory on a free loopback port and prints "listening <port>" once it accepts
// connections; the tests' DynaliteServer reads that line. Tables are ACTIVE at once (no CREATING
// or DELETING delay), so a test never waits on a table's state. The process ends when its standard
// input closes, so a test JVM that dies leaves no server behind.
'use strict'
const dynalite = require('dynalite')
const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
server.listen(0, '127.0.0.1', () => {
  process.stdout.write('listening ' + server.address().port + '\n')
})
process.on('uncaughtException', (e) => { process.stdout.write('uncaught: ' + (e && e.stack) + '\n') })
process.stdin.on('end', () => process.exit(0))
process.stdin.on('close', () => process.exit(0))
process.stdin.resume()

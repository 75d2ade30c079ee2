// Starts dynalite in memory on a free loopback port and prints "listening <port>" once it accepts
// connections; the tests' DynamoServers reads that line. Tables are ACTIVE at once (no CREATING
// or DELETING delay), so a test never waits on a table's state. The process ends when its standard
// input closes, so a test JVM that dies leaves no server behind.
'use strict'
const dynalite = require('dynalite')
const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
server.listen(0, '127.0.0.1', () => {
  process.stdout.write('listening ' + server.address().port + '\n')
})
// A client that gives up on a request mid-body (the driver's timeout and cancel tests do) makes Node
// emit "aborted" on a request stream dynalite does not listen to, which would end the whole process:
// log it and keep serving.
process.on('uncaughtException', (e) => { process.stdout.write('uncaught: ' + (e && e.stack) + '\n') })
process.stdin.on('end', () => process.exit(0))
process.stdin.on('close', () => process.exit(0))
process.stdin.resume()

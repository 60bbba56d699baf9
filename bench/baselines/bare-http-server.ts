// The raw reference server of the HTTP benchmarks: bare node:http answering `{"code":200}`.
// Prints `READY <port>` once listening; stops on SIGTERM.
import { serveBareHttp } from '../support/wire-load'

console.log(`READY ${await serveBareHttp()}`)

// `npm start`: bundles the server's code when it changed (scripts/server-bundle.js), then
// runs it in this process: build/node/start.js (scripts/start.ts) checks the configuration,
// builds the app when its sources changed, migrates, seeds and serves.
// Plain JavaScript run by plain `node`: nothing is compiled at run time.
import { pathToFileURL } from "node:url";
import { bundleServer, entry, serverBundleIsStale } from "./server-bundle.js";

if (serverBundleIsStale()) await bundleServer();
// stack traces name the TypeScript sources (build/node/*.js.map)
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entry).href);

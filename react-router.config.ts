import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressClientBuild } from "./scripts/precompress-assets";

export default {
  ssr: true,
  // every route is in the build's manifest file, which the page's script loads once and the
  // browser keeps: no page asks the server which routes its links lead to (docs/decisions/0023)
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: false,
  },
  // after the client and server builds, and after the server build's assets moved into build/client
  buildEnd({ reactRouterConfig }) {
    precompressClientBuild(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;

import { describe, expect, it } from "vitest";
import { clientAddress } from "./http";

// Behind a load balancer the socket's peer is the balancer; TRUST_PROXY says how many
// proxies append to X-Forwarded-For, and the client is the first hop none of them vouches for.
describe("clientAddress", () => {
  it("uses the socket's peer and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientAddress("198.51.100.7", "203.0.113.9", 0)).toBe("198.51.100.7");
  });

  it("takes the right-most address the trusted proxy wrote, not the left-most a client can invent", () => {
    // the client sent "X-Forwarded-For: 1.2.3.4"; the balancer appended the address it saw
    expect(clientAddress("10.0.0.2", "1.2.3.4, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "203.0.113.9", 1)).toBe("203.0.113.9");
  });

  it("looks through as many hops as configured (CDN, then balancer)", () => {
    expect(clientAddress("10.0.0.2", "1.2.3.4,203.0.113.9 , 172.16.0.5", 2)).toBe("203.0.113.9");
  });

  it("falls back to the left-most hop when the header has fewer hops than configured, and to the peer without it", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.9", 3)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", " , ", 1)).toBe("10.0.0.2");
  });
});

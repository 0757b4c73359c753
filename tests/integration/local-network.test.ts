import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { describe, expect, inject, it } from "vitest";

/**
 * DynamoDB Local holds the shop's data with no authentication at all: it must be reachable from this
 * machine's loopback only (docs/decisions/007-dynamodb-local-loopback.md). The run's instance is
 * started by tests/support/global-setup.ts through the same `startDynamo` as `npm start`.
 */

const port = Number(new URL(inject("dynamoEndpoint")).port);

/** One listening TCP socket from /proc/net/tcp{,6}: its local address as bytes. */
interface Listener {
  family: "IPv4" | "IPv6";
  bytes: number[];
}

/** /proc/net/tcp* writes each 32-bit word of an address in host (little-endian) order. */
function addressBytes(hex: string): number[] {
  const bytes: number[] = [];
  for (let word = 0; word < hex.length; word += 8) {
    const chunk = hex.slice(word, word + 8);
    for (let index = 6; index >= 0; index -= 2)
      bytes.push(Number.parseInt(chunk.slice(index, index + 2), 16));
  }
  return bytes;
}

function listenersOn(wanted: number): Listener[] {
  const found: Listener[] = [];
  for (const [file, family] of [
    ["/proc/net/tcp", "IPv4"],
    ["/proc/net/tcp6", "IPv6"],
  ] as const) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [address, portHex] = (fields[1] ?? "").split(":");
      const listening = fields[3] === "0A";
      if (listening && address && Number.parseInt(portHex ?? "", 16) === wanted) {
        found.push({ family, bytes: addressBytes(address) });
      }
    }
  }
  return found;
}

/** 127.0.0.0/8, ::1, or ::ffff:127.x.x.x (an IPv4 loopback bind on a dual-stack socket). */
function isLoopback({ family, bytes }: Listener): boolean {
  if (family === "IPv4") return bytes[0] === 127;
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 15) && bytes[15] === 1) return true;
  return zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff && bytes[12] === 127;
}

/** Addresses of this machine other than loopback, with the zone a link-local IPv6 address needs. */
function externalAddresses(): string[] {
  return Object.entries(networkInterfaces()).flatMap(([name, entries]) =>
    (entries ?? [])
      .filter((entry) => !entry.internal)
      .map((entry) =>
        entry.family === "IPv6" && entry.address.toLowerCase().startsWith("fe80:")
          ? `${entry.address}%${name}`
          : entry.address,
      ),
  );
}

/** "connected", or the error code of a refused/failed connection ("timeout" if nothing answered). */
function tryConnect(host: string, target: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port: target });
    socket.setTimeout(5000);
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve("timeout");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe("DynamoDB Local's network exposure", () => {
  it("runs through the loopback launcher with telemetry disabled", () => {
    const commands = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.startsWith("java ") && line.includes(` -port ${port} `));
    expect(commands).toHaveLength(1);
    expect(commands[0]).toContain("DynamoLoopbackLauncher.java");
    expect(commands[0]).toContain(" -disableTelemetry");
  });

  it("answers on 127.0.0.1", async () => {
    expect(await tryConnect("127.0.0.1", port)).toBe("connected");
  });

  it.skipIf(!existsSync("/proc/net/tcp"))("listens on loopback addresses only", () => {
    const listeners = listenersOn(port);
    expect(listeners.length).toBeGreaterThan(0);
    expect(listeners.filter((listener) => !isLoopback(listener))).toEqual([]);
  });

  const external = externalAddresses();
  it.skipIf(external.length === 0).each(external)("refuses a connection through %s", async (address) => {
    expect(await tryConnect(address, port)).not.toBe("connected");
  });
});

import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

import * as dnsPacket from 'dns-packet';

/**
 * A DNS server on 127.0.0.1 for tests of what the product does with names members give it:
 * A and AAAA answers come from a JSON zone file (`{"hooks.shop.example.org": ["93.184.216.34"]}`),
 * read on every query, so a test re-points a name between two steps by rewriting the file (a DNS
 * change, or a rebinding attack). A name not in the file answers NXDOMAIN.
 */
export async function startDnsServer(zoneFile: string): Promise<{ address: string; stop(): Promise<void> }> {
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const zone = readZone(zoneFile);
    const addresses = zone[question.name.toLowerCase()];
    const wanted = question.type === 'A' ? 4 : question.type === 'AAAA' ? 6 : 0;
    const answers = (addresses ?? [])
      .filter((a) => isIP(a) === wanted)
      .map((data) => ({ type: question.type, class: 'IN', name: question.name, ttl: 0, data }) as dnsPacket.Answer);
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (addresses ? 0 : 3),
      questions: [question],
      answers,
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((bound) => socket.bind(0, '127.0.0.1', bound));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    stop: () => new Promise((closed) => socket.close(() => closed())),
  };
}

function readZone(file: string): Record<string, string[]> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  } catch {
    return {};
  }
}

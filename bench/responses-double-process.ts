// The scripted Responses double in a process of its own, for benchmarks that watch their own event
// loop: its HTTP and SSE work must not count as the bridge's. Answers `count` turns (argv[2]) at
// once with a valid core answer, prints its origin as one line, and ends when its stdin closes.
import { answer } from '../test/helpers/peers.js';
import { startResponsesDouble } from '../test/doubles/openai-responses-server.js';
import type { Turn } from '../test/doubles/script.js';

const count = Number(process.argv[2] ?? 64);
const turns: Turn[] = Array.from({ length: count }, () => ({ kind: 'answer', answer: answer() }));
const double = await startResponsesDouble(turns);
process.stdout.write(`${double.origin}\n`);
process.stdin.resume();
process.stdin.on('end', () => void double.close().then(() => process.exit(0)));

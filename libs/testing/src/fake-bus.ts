import { type InputOf, type Operation, type OutputOf, validateInput } from '@marketplace/contracts';
import type { BusClient, CallContext } from '@marketplace/service-kit';

export type FakeAnswer<Op extends Operation> = (input: InputOf<Op>, ctx: CallContext) => OutputOf<Op> | Promise<OutputOf<Op>>;

export interface FakeCall {
  operation: string;
  input: unknown;
  ctx: CallContext;
}

interface Entry {
  op: Operation;
  answer: FakeAnswer<Operation>;
}

/**
 * Stands in for the other services in a medium test. It answers only the operations the test
 * names and records every call. Like the real bus, it checks the input against the operation's
 * schema, as the receiving service would, and sends the answer through JSON. It also checks each
 * answer against the operation's output schema, so a fake that drifts from the contract fails
 * instead of giving the handler something no real service would send. A call nobody answers
 * fails and names the operation.
 */
export class FakeBus {
  readonly calls: FakeCall[] = [];
  private readonly entries = new Map<string, Entry>();

  /** Answers `op` with a fixed value, or with what `answer` returns for each call (it may throw an AppError). */
  answer<Op extends Operation>(op: Op, answer: FakeAnswer<Op> | OutputOf<Op>): this {
    const fn = typeof answer === 'function' ? (answer as FakeAnswer<Op>) : () => answer;
    this.entries.set(op.subject, { op, answer: fn as unknown as FakeAnswer<Operation> });
    return this;
  }

  /** The inputs of every call to `op`, oldest first. */
  inputsOf<Op extends Operation>(op: Op): InputOf<Op>[] {
    return this.calls.filter((c) => c.operation === op.name).map((c) => c.input as InputOf<Op>);
  }

  async call<Op extends Operation>(op: Op, input: InputOf<Op>, ctx: CallContext): Promise<OutputOf<Op>> {
    return (await this.request(op.subject, op.service, input, ctx)) as OutputOf<Op>;
  }

  async request(subject: string, _service: string, input: unknown, ctx: CallContext): Promise<unknown> {
    const entry = this.entries.get(subject);
    if (!entry) throw new Error(`FakeBus: nothing answers ${subject}; the test did not expect the handler to call it.`);
    this.calls.push({ operation: entry.op.name, input, ctx });
    const parsed = validateInput(entry.op.input, JSON.parse(JSON.stringify(input ?? {})));
    const answer = await entry.answer(parsed, ctx);
    const checked = entry.op.output.safeParse(answer);
    if (!checked.success) {
      throw new Error(`FakeBus: the fake answer for ${entry.op.name} breaks its output schema: ${checked.error.message}`);
    }
    return JSON.parse(JSON.stringify(answer)) as unknown;
  }

  /**
   * The fake as the handler's constructor wants it. BusClient is a class with private fields,
   * so nothing else can be one by type alone; the handlers use only `call` and `request`.
   */
  asBusClient(): BusClient {
    return this as unknown as BusClient;
  }
}

/**
 * An HL7 v2 sender written from the standards, not from the library the listener uses: MLLP
 * framing (<VT> message <FS><CR>, HL7 v2.5.1 appendix C) and ADT messages built from chapter 3's
 * segment definitions (MSH, EVN, PID, PV1, MRG) with repeated fields and a Z-segment, as real
 * feeds send them. For the census feed's tests (ADR 050).
 */
import net from 'node:net';

const VT = '\u000b';
const FS = '\u001c';
const CR = '\r';

/** An MLLP connection written from the standard: one frame out, one frame back. */
export class MllpSender {
  private buffer = '';
  private waiting: ((frame: string | null) => void) | undefined;
  private hungUp = false;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      this.buffer += data;
      const end = this.buffer.indexOf(FS + CR);
      if (end !== -1 && this.waiting) {
        const start = this.buffer.indexOf(VT);
        const frame = this.buffer.slice(start + 1, end);
        this.buffer = this.buffer.slice(end + 2);
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(frame);
      }
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', () => {
        this.hungUp = true;
        this.waiting?.(null);
        resolve();
      });
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number): Promise<MllpSender> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () =>
        resolve(new MllpSender(socket)),
      );
      socket.once('error', reject);
    });
  }

  /** Sends one message; resolves with the answer's text, or null when the peer hung up. */
  send(message: string): Promise<string | null> {
    return this.sendRaw(Buffer.from(`${VT}${message}${FS}${CR}`, 'utf8'));
  }

  sendRaw(bytes: Buffer): Promise<string | null> {
    if (this.hungUp) return Promise.resolve(null);
    const answer = new Promise<string | null>((resolve) => {
      this.waiting = resolve;
    });
    this.socket.write(bytes);
    return answer;
  }

  close(): void {
    this.socket.end();
  }
}

/** MSA-1, MSA-2 and MSA-3 of an ACK (read here, not with the library). */
export function msa(ack: string | null): { code: string; controlId: string; text: string } {
  const segment = (ack ?? '').split(CR).find((line) => line.startsWith('MSA|')) ?? '';
  const [, code = '', controlId = '', text = ''] = segment.split('|');
  return { code, controlId, text };
}

export interface Adt {
  event: string;
  control: string;
  mrn: string;
  family?: string;
  given?: string;
  sendingFacility?: string;
  unit?: string;
  priorUnit?: string;
  language?: string;
  /** PV1-44, PV1-45, EVN-6 (HL7 TS). */
  admit?: string;
  discharge?: string;
  occurred?: string;
  /** PV1-36. */
  disposition?: string;
  /** MRG-1 (A40). */
  priorMrn?: string;
}

/**
 * An ADT message as an EHR sends it (HL7 v2.5.1 ch. 3): PID-3 repeats (a social security number,
 * then the MRN with its assigning authority), PID-5 repeats (an alias first, the legal name
 * marked L), PID-13 repeats, and a Z-segment the census ignores.
 */
export function adt(m: Adt): string {
  const pv1 = Array.from({ length: 46 }, () => '');
  pv1[0] = 'PV1';
  pv1[1] = '1';
  pv1[2] = 'I';
  pv1[3] = `${m.unit ?? 'NORTH'}^101^A^${m.sendingFacility ?? 'MAPLEEHR'}`;
  pv1[6] = m.priorUnit ? `${m.priorUnit}^201^B` : '';
  pv1[7] = '1234^Welby^Marcus^^^Dr';
  pv1[19] = `V${m.mrn}`;
  pv1[36] = m.disposition ?? '';
  pv1[44] = m.admit ?? '';
  pv1[45] = m.discharge ?? '';
  const family = m.family ?? 'Feedwell';
  const given = m.given ?? 'Ada';
  const name = family === '' ? '' : `Nick^${given}^^^^^A~${family}^${given}^Q^^^^L`;
  const segments = [
    `MSH|^~\\&|PCC|${m.sendingFacility ?? 'MAPLEEHR'}|CAREVOICE|CV|20261122093000||ADT^${m.event}^ADT_A01|${m.control}|P|2.5.1|||AL|NE||UNICODE UTF-8`,
    `EVN|${m.event}|20261122093000|||jdoe^Doe^Jane|${m.occurred ?? ''}`,
    `PID|1||123-45-${m.mrn.slice(-4)}^^^SSA^SS~${m.mrn}^^^PCC&2.16.840.1.113883.3.72&ISO^MR||${name}||19400312|F|||12 Elm St^^Springfield^IL^62701||(217)555-0101^PRN^PH~(217)555-0199^ORN^CP||${m.language ?? ''}`,
    pv1.join('|'),
    ...(m.priorMrn ? [`MRG|${m.priorMrn}^^^PCC^MR`] : []),
    'ZPV|PCC-EXT|care-level^long-stay~diet^soft',
  ];
  return segments.join(CR);
}

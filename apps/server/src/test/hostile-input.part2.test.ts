/**
 * Hostile input, part 2 of 2 (hostile-input.cases.ts says what is checked and how the endpoints
 * are shared between the parts): one file a part, so Vitest's two workers can run them side by
 * side (ADR 058).
 */
import { describeHostileInput } from './hostile-input.cases.js';

describeHostileInput(2);

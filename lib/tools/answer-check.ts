import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ToolRecord } from './registry';

// Checks a tool's answer, as it goes on the wire, against the tool's published output schema. Off in production
// (CHECK_ANSWERS); the tests' servers turn it on, so every answer any test receives, over REST or MCP and on
// either database, has been checked against the whole schema, additional properties included.

const ajv = addFormats(new Ajv2020({ allErrors: false, strict: false }));
/** Each served record's compiled schema: a server's records live as long as its gateway. */
const validators = new WeakMap<ToolRecord, ValidateFunction>();

function validatorFor(record: ToolRecord): ValidateFunction {
  let validate = validators.get(record);
  if (!validate) validators.set(record, (validate = ajv.compile(record.outputSchema)));
  return validate;
}

/** The answer, unchanged; a 500 `internal` naming the mismatch when it does not match the tool's output schema. */
export function checkAnswer<Answer>(record: ToolRecord, answer: Answer): Answer {
  const validate = validatorFor(record);
  if (!validate(JSON.parse(JSON.stringify(answer)))) {
    const [first] = validate.errors ?? [];
    throw new Error(`The answer of ${record.name} does not match its output schema: ${first?.instancePath || '/'} ${first?.message ?? ''}`);
  }
  return answer;
}

import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from './jsonSyntax';
import { formatErrors, parseScenario } from './validate';

const valid = JSON.stringify({
  id: 'tiny',
  title: 'Tiny',
  description: 'One text block.',
  turns: [{ stream: [{ type: 'text', text: 'hi', at: 0, durationMs: 10 }] }],
});

describe('parseScenario', () => {
  it('parses and validates JSON text, a byte-order mark included', () => {
    const result = parseScenario(`\uFEFF${valid}`, 'tiny.json');
    expect(result.ok && result.scenario.id).toBe('tiny');
  });

  it('gives text that is not JSON one error naming the source, line and column', () => {
    const text = '{\n  "id": "tiny",\n  "title": "Tiny"\n  "description": "x"\n}';
    expect(parseScenario(text, 'tiny.json')).toEqual({
      ok: false,
      errors: [{ path: '', message: 'tiny.json is not valid JSON: line 4, column 3: expected "," or "}" after a property value, found \'"\'' }],
    });
  });

  it('says "the scenario" when no source is given', () => {
    const result = parseScenario('{"id": }');
    expect(!result.ok && result.errors[0]!.message).toBe('the scenario is not valid JSON: line 1, column 8: expected a value, found \'}\'');
  });

  it('takes a scenario without a description (a regression scenario may teach nothing)', () => {
    const result = parseScenario(JSON.stringify({ id: 'ci-check', title: 'CI check', turns: [{ stream: [] }] }));
    expect(result.ok && result.scenario.description).toBeUndefined();
  });

  it('lists the schema errors of JSON that is not a valid scenario', () => {
    const result = parseScenario(JSON.stringify({ id: 'tiny', turns: [{ stream: [], extra: 1 }] }), 'x.json');
    expect(!result.ok && result.errors.map((e) => e.path)).toEqual(['title', 'turns[0].extra']);
  });
});

describe('formatErrors', () => {
  it('writes one error per line, prefixed by the source once', () => {
    const errors = [
      { path: 'turns[0].stream[1].at', message: 'expected a number, got a string ("3")' },
      { path: '', message: 'expected an object, got an array' },
      { path: '', message: 'x.json is not valid JSON: line 1, column 1: the text is empty' },
    ];
    expect(formatErrors(errors, 'x.json').split('\n')).toEqual([
      'x.json: turns[0].stream[1].at: expected a number, got a string ("3")',
      'x.json: expected an object, got an array',
      'x.json is not valid JSON: line 1, column 1: the text is empty',
    ]);
  });
});

describe('findJsonSyntaxError', () => {
  it.each([
    ['{"a": 1,}', 1, 9, 'a trailing comma: remove the "," before "}"'],
    ['[1, 2,]', 1, 7, 'a trailing comma: remove the "," before "]"'],
    ["{'a': 1}", 1, 2, 'property names use double quotes ("), not single quotes'],
    ['{"a": \'b\'}', 1, 7, 'JSON strings use double quotes ("), not single quotes'],
    ['{\n  // note\n  "a": 1\n}', 2, 3, 'JSON does not allow comments'],
    ['{"a": "b', 1, 9, 'this string never ends: the closing \'"\' is missing'],
    ['{"a": "\\x"}', 1, 8, '"\\x" is not a JSON escape; write "\\\\" for a backslash'],
    ['{"a": 01}', 1, 8, 'expected "," or "}" after a property value, found \'1\''],
    ['{"a": 1} {}', 1, 10, "unexpected '{' after the end of the JSON value"],
    ['  ', 1, 3, 'the text is empty'],
  ])('finds the error in %j at line %i, column %i', (text, line, column, message) => {
    expect(findJsonSyntaxError(text)).toMatchObject({ line, column, message });
  });

  it('finds nothing in valid JSON, whatever its shape', () => {
    for (const text of [valid, '[]', '"x\\u00e9\\n"', '-1.5e+3', 'true', 'null', '{"a":[{"b":{}}, [], false]}']) {
      expect(findJsonSyntaxError(text), text).toBeNull();
    }
  });
});

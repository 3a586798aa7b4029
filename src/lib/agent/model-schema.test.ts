import { describe, expect, it } from 'vitest';
import { modelFacingSchema } from './model-schema';

describe('modelFacingSchema', () => {
  it('drops validation-only keywords at every depth and keeps the shape', () => {
    const schema = {
      type: 'object',
      properties: {
        body: { type: 'string', maxLength: 1_000_000, description: 'Markdown' },
        replace_text: {
          type: 'object',
          properties: { find: { type: 'string', minLength: 1 } },
          required: ['find'],
          additionalProperties: false
        },
        add: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 50 }
      },
      required: ['body'],
      additionalProperties: false
    };
    expect(modelFacingSchema(schema)).toEqual({
      type: 'object',
      properties: {
        body: { type: 'string', description: 'Markdown' },
        replace_text: { type: 'object', properties: { find: { type: 'string' } }, required: ['find'] },
        add: { type: 'array', items: { type: 'string' } }
      },
      required: ['body']
    });
  });

  it('keeps an argument that happens to be named like a keyword', () => {
    const schema = { type: 'object', properties: { maxLength: { type: 'integer', minimum: 0 } } };
    expect(modelFacingSchema(schema)).toEqual(schema);
  });

  it('does not change the schema it was given', () => {
    const schema = { type: 'object', additionalProperties: false };
    modelFacingSchema(schema);
    expect(schema).toEqual({ type: 'object', additionalProperties: false });
  });
});

import {describe, expect, it} from 'vitest'

import {RefResolver} from '../../../../src/core/openapi/index.js'
import {SchemaBundler} from '../../../../src/core/profile/schema/schema-bundler.js'

const document = {
  components: {
    schemas: {
      Name: {type: 'string'},
      Flag: true,
      Pet: {type: 'object', properties: {name: {$ref: '#/components/schemas/Name'}, owner: {$ref: '#/components/schemas/Owner/properties/id'}}},
      Owner: {type: 'object', properties: {id: {type: 'integer'}}},
      WithDefs: {$defs: {local: {type: 'string'}}, properties: {a: {$ref: '#/components/schemas/Name'}}},
      'a.b_c-d': {const: 1},
    },
  },
  paths: {'/a/{id}': {get: {responses: {200: {content: {'application/json': {schema: {type: 'number'}}}}}}}},
}

function bundleOne(schema: unknown, pointer = '/root'): unknown {
  return new SchemaBundler(new RefResolver(document)).bundleOne({value: schema, pointer})
}

describe('SchemaBundler.bundleOne', () => {
  it.each([
    {given: {type: 'string'}, want: {type: 'string'}},
    {given: {$ref: '#/components/schemas/Name'}, want: {type: 'string'}},
    {given: {$ref: '#/components/schemas/a.b_c-d'}, want: {const: 1}},
    {given: {$ref: '#/components/schemas/Name', description: 'kept'}, want: {$ref: '#/$defs/Name', description: 'kept', $defs: {Name: {type: 'string'}}}},
    {
      given: {$ref: '#/components/schemas/Pet'},
      want: {
        type: 'object',
        properties: {name: {$ref: '#/$defs/Name'}, owner: {$ref: '#/$defs/~1components~1schemas~1Owner~1properties~1id'}},
        $defs: {'/components/schemas/Owner/properties/id': {type: 'integer'}, Name: {type: 'string'}},
      },
    },
    {
      given: {items: {$ref: '#/paths/~1a~1%7Bid%7D/get/responses/200/content/application~1json/schema'}},
      want: {
        // The name is the target's pointer, escaped as one token, then percent-encoded for a URI fragment.
        items: {$ref: '#/$defs/~1paths~1~01a~01%7Bid%7D~1get~1responses~1200~1content~1application~01json~1schema'},
        $defs: {'/paths/~1a~1{id}/get/responses/200/content/application~1json/schema': {type: 'number'}},
      },
    },
    {given: {$ref: '#/components/schemas/Flag'}, want: true},
    {given: {anyOf: [{$ref: '#/components/schemas/Flag'}]}, want: {anyOf: [{$ref: '#/$defs/Flag'}], $defs: {Flag: true}}},
    {
      given: {$ref: '#/components/schemas/WithDefs'},
      want: {
        $ref: '#/$defs/WithDefs',
        $defs: {Name: {type: 'string'}, WithDefs: {$defs: {local: {type: 'string'}}, properties: {a: {$ref: '#/$defs/Name'}}}},
      },
    },
  ])('$given', ({given, want}) => {
    expect(bundleOne(given)).toEqual(want)
  })

  it('keeps a property named __proto__ as data when it rewrites the schema around it', () => {
    const schema = JSON.parse('{"properties": {"__proto__": {"$ref": "#/components/schemas/Name"}, "b": {"type": "string"}}}') as object
    const bundled = bundleOne(schema) as {properties: object}
    expect(Object.getPrototypeOf(bundled.properties)).toBe(Object.prototype)
    expect(JSON.stringify(bundled)).toBe('{"$defs":{"Name":{"type":"string"}},"properties":{"__proto__":{"$ref":"#/$defs/Name"},"b":{"type":"string"}}}')
  })

  it('leaves a schema without references as it is, not a copy', () => {
    const schema = {type: 'object', properties: {a: {type: 'string'}}}
    expect(bundleOne(schema)).toBe(schema)
  })
})

describe('SchemaBundler.bundleOne with a definition budget', () => {
  // A chain S0 -> S1 -> ... -> S5, each also referring back to S0 (a cycle).
  const chain = {
    components: {
      schemas: Object.fromEntries(
        Array.from({length: 6}, (_, i) => [`S${i}`, {type: 'object', properties: {back: {$ref: '#/components/schemas/S0'}, ...(i < 5 ? {next: {$ref: `#/components/schemas/S${i + 1}`}} : {})}}]),
      ),
    },
  }
  const bundle = (max: number) => new SchemaBundler(new RefResolver(chain)).bundleOne({value: {$ref: '#/components/schemas/S0'}, pointer: '/root'}, max) as {$defs: Record<string, unknown>}

  it.each([
    {given: 2, want: {full: ['S0', 'S1'], stubs: ['S2']}},
    {given: 4, want: {full: ['S0', 'S1', 'S2', 'S3'], stubs: ['S4']}},
    {given: 100, want: {full: ['S0', 'S1', 'S2', 'S3', 'S4', 'S5'], stubs: []}},
  ])('copies the $given nearest definitions and stubs the next ones', ({given, want}) => {
    const defs = bundle(given).$defs
    const stub = (name: string) => ({title: name, description: `${name} is not expanded here; see the source document.`})
    expect(Object.keys(defs).sort()).toEqual([...want.full, ...want.stubs].sort())
    for (const name of want.stubs) expect(defs[name]).toEqual(stub(name))
    for (const name of want.full) expect(defs[name]).toMatchObject({type: 'object'})
  })

  it('keeps every $ref resolvable, so the bounded schema still compiles', async () => {
    const {Ajv2020} = await import('ajv/dist/2020.js')
    expect(() => new Ajv2020({strict: false}).compile(bundle(2))).not.toThrow()
  })
})

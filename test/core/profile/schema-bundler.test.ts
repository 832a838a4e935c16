import {describe, expect, it} from 'vitest'

import {RefResolver} from '../../../src/core/profile/ref-resolver.js'
import {SchemaBundler} from '../../../src/core/profile/schema-bundler.js'

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
    expect(JSON.stringify(bundled)).toBe('{"properties":{"__proto__":{"$ref":"#/$defs/Name"},"b":{"type":"string"}},"$defs":{"Name":{"type":"string"}}}')
  })

  it('leaves a schema without references as it is, not a copy', () => {
    const schema = {type: 'object', properties: {a: {type: 'string'}}}
    expect(bundleOne(schema)).toBe(schema)
  })
})

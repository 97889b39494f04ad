import { Type, type Static } from '@sinclair/typebox';
import { component, Nullable, Ref } from '../kit.js';
import { Pagination } from './common.js';

const ACHIEVEMENT_TYPE_DESCRIPTION =
  'An Open Badges 3.0 AchievementType (Achievement, Award, Badge, Certificate, Certification, Competency, Course, Degree, ' +
  'Diploma, License, MicroCredential, ... as in the 1EdTech schema) or an extension term matching ^ext:[A-Za-z0-9._-]+$.';
const RESULT_TYPE_DESCRIPTION =
  'An Open Badges 3.0 ResultType (GradePointAverage, LetterGrade, Percent, PerformanceLevel, PredictedScore, RawScore, Result, ' +
  'RubricCriterion, RubricCriterionLevel, RubricScore, ScaledScore, Status) or an extension term matching ^ext:[A-Za-z0-9._-]+$.';

export const Alignment = component(
  'Alignment',
  Type.Object(
    {
      targetName: Type.String({ minLength: 1, maxLength: 500 }),
      targetUrl: Type.String({ format: 'uri', maxLength: 2048, description: 'An absolute http(s) URL.' }),
      targetFramework: Nullable(Type.String({ maxLength: 500 })),
      targetCode: Nullable(Type.String({ maxLength: 200 })),
    },
    { additionalProperties: false, description: 'A competency, standard or framework item the badge aligns to (OB 3.0 Alignment).' },
  ),
);
export const ResultDescription = component(
  'ResultDescription',
  Type.Object(
    {
      id: Type.String({ pattern: '^urn:uuid:[0-9a-f-]{36}$' }),
      name: Type.String({ minLength: 1, maxLength: 500 }),
      resultType: Type.String({
        description: RESULT_TYPE_DESCRIPTION,
      }),
      allowedValues: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 }),
      requiredValue: Nullable(Type.String({ maxLength: 200 })),
      valueMin: Nullable(Type.String({ maxLength: 200 })),
      valueMax: Nullable(Type.String({ maxLength: 200 })),
    },
    {
      additionalProperties: false,
      description: 'A result the badge can carry (OB 3.0 ResultDescription); issued credentials name it by id in results.',
    },
  ),
);
export const Badge = component(
  'Badge',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    slug: Type.String(),
    description: Type.String(),
    criteria: Type.String(),
    imageUrl: Nullable(Type.String({ format: 'uri' })),
    expiresInDays: Nullable(Type.Integer({ minimum: 1 })),
    tags: Type.Array(Type.String()),
    isActive: Type.Boolean(),
    achievementType: Nullable(
      Type.String({
        description: ACHIEVEMENT_TYPE_DESCRIPTION,
      }),
    ),
    alignments: Type.Array(Ref(Alignment)),
    resultDescriptions: Type.Array(Ref(ResultDescription)),
    createdAt: Type.String({ format: 'date-time' }),
    publicUrl: Type.String({ format: 'uri' }),
    achievementUrl: Type.String({ format: 'uri' }),
  }),
);
/** A badge as the API answers it: badgeJson (src/http/badge-routes.ts) returns exactly this. */
export type BadgeJson = Static<typeof Badge>;
export const BadgeList = component(
  'BadgeList',
  Type.Object({ data: Type.Array(Ref(Badge)), pagination: Ref(Pagination) }, { additionalProperties: false }),
);
export const BadgeInput = component(
  'BadgeInput',
  Type.Object(
    {
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      slug: Type.Optional(
        Type.String({
          maxLength: 100,
          pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
          title: 'lower-case letters, digits and single hyphens (e.g. "team-player")',
          description: 'Derived from the name (made unique) when absent on create; unique per organization.',
        }),
      ),
      description: Type.Optional(Type.String({ minLength: 1, maxLength: 5000 })),
      criteria: Type.Optional(Type.String({ minLength: 1, maxLength: 5000 })),
      imageUrl: Type.Optional(
        Nullable(Type.String({ format: 'uri', maxLength: 2048, description: 'An absolute http(s) URL; or upload the image.' })),
      ),
      expiresInDays: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 36500, title: 'an integer from 1 to 36500, or null', description: 'null: credentials never expire.' }))),
      tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50, uniqueItems: true, title: 'an array of strings' })),
      isActive: Type.Optional(Type.Boolean({ default: true })),
      achievementType: Type.Optional(
        Nullable(
          Type.String({
            description: ACHIEVEMENT_TYPE_DESCRIPTION,
          }),
        ),
      ),
      alignments: Type.Optional(
        Type.Array(
          Type.Object(
            {
              targetName: Type.String({ minLength: 1, maxLength: 500 }),
              targetUrl: Type.String({ format: 'uri', maxLength: 2048, description: 'An absolute http(s) URL.' }),
              targetFramework: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }))),
              targetCode: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
            },
            { additionalProperties: false },
          ),
          { maxItems: 20, description: 'Replaced whole on change ([] clears them).' },
        ),
      ),
      resultDescriptions: Type.Optional(
        Type.Array(
          Type.Object(
            {
              id: Type.Optional(
                Nullable(
                  Type.String({
                    pattern: '^urn:uuid:[0-9a-f-]{36}$',
                    title: '"urn:uuid:" followed by a lower-case UUID (leave it out for a new one)',
                  }),
                ),
              ),
              name: Type.String({ minLength: 1, maxLength: 500 }),
              resultType: Type.String({
                description: RESULT_TYPE_DESCRIPTION,
              }),
              allowedValues: Type.Optional(
                Nullable(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50, uniqueItems: true })),
              ),
              requiredValue: Type.Optional(
                Nullable(Type.String({ minLength: 1, maxLength: 200, description: 'One of allowedValues when they are given.' })),
              ),
              valueMin: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
              valueMax: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
            },
            { additionalProperties: false },
          ),
          {
            maxItems: 10,
            description:
              'Replaced whole on change. An entry without id gets a new urn:uuid id; send the ids back to keep them (results name them).',
          },
        ),
      ),
    },
    {
      additionalProperties: false,
      description:
        'The writable fields of a badge template. Read-only fields (id, createdAt, publicUrl, achievementUrl) and unknown fields are 400 naming the field.',
    },
  ),
);

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { attributeValues, datasetAttributes } from '../../../analytics/engine/dimensions.js';
import { badRequest } from '../../../errors.js';
import { translateFor } from '../../../i18n.js';
import { type JsonObject, type JsonValue, type Project, settingsScope } from '../../../metadata/index.js';
import { resolveDataGrant } from '../../../permissions/index.js';
import { Envelope, ok, Query } from '../../../schema.js';
import { Done } from '../views.js';
import { Body, CheckReport, NoBody, onProject, type ProjectKit, type RowProblem } from './shared.js';

const AttributeSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  title: Type.String({ maxLength: 64 }),
  title_en: Type.String({ maxLength: 64 }),
  sort_order: Type.Optional(Type.Integer()),
  config: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
});
type AttributeInput = Static<typeof AttributeSchema>;
const AttributesBody = Body({ attributes: Type.Array(AttributeSchema, { maxItems: 200 }) });
/** An attribute's code and its titles in both languages. */
const Titled = { name: Type.String(), title: Type.String(), title_en: Type.String() };
const AttrList = Envelope(
  Type.Object({
    items: Type.Array(
      Type.Object({
        ...Titled,
        sort_order: Type.Integer(),
        config: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
    available: Type.Array(Type.Object(Titled)),
  }),
);
const FilterAttributes = Envelope(
  Type.Object({
    items: Type.Array(
      Type.Object({
        ...Titled,
        filter_values: Type.Array(Type.Object({ value: Type.String(), value_en: Type.String() })),
      }),
    ),
  }),
);

type AttributeValue = { value_zh: string; value_en: string };

/** A draft attribute configuration: saved, checked, then applied by PUT or discarded by cancel. */
const DRAFT_KEY = 'attribute_config_draft';

/** Project attributes (which dataset attributes a project offers), their draft config and the filter list. */
export function projectAttributeRoutes(kit: ProjectKit): FastifyPluginAsyncTypebox {
  const { metadata, warehouse } = kit.ctx;

  async function available(project: Project) {
    return kit.fromDataset(project, [], (dataset) => datasetAttributes(warehouse, dataset));
  }

  /**
   * Per-row problems of an attribute list, as message keys: unknown in the dataset, or named twice
   * (docs/api.md "name already exists"). One rule for the draft's check report and the PUT's refusal.
   */
  async function attributeProblems(project: Project, names: readonly string[]) {
    const known = new Set((await available(project)).map((a) => a.attr_name));
    const seen = new Set<string>();
    const problems: { row: number; key: 'projects.attributeNotFound' | 'server.nameExists' }[] = [];
    names.forEach((name, i) => {
      if (!known.has(name)) problems.push({ row: i + 1, key: 'projects.attributeNotFound' });
      else if (seen.has(name)) problems.push({ row: i + 1, key: 'server.nameExists' });
      seen.add(name);
    });
    return problems;
  }

  async function checkAttributes(req: FastifyRequest, project: Project, names: readonly string[]) {
    const t = translateFor(req.locale);
    return (await attributeProblems(project, names)).map(
      (p): RowProblem => ({ row: p.row, field: 'name', problem: t(p.key) }),
    );
  }

  async function attrResponse(project: Project) {
    const items = (await metadata.projectAttributes.list(project.id)).map((a) => ({
      name: a.attrName,
      title: a.title,
      title_en: a.titleEn,
      sort_order: a.sortOrder,
      config: a.config,
    }));
    const offered = (await available(project)).map((a) => ({
      name: a.attr_name,
      title: a.title_zh,
      title_en: a.title_en,
    }));
    return ok({ items, available: offered });
  }

  async function readDraft(projectId: number): Promise<AttributeInput[] | undefined> {
    const draft = await metadata.settings.get<JsonValue>(settingsScope.project(projectId), DRAFT_KEY);
    return Array.isArray(draft) ? (draft as unknown as AttributeInput[]) : undefined;
  }

  return async (app) => {
    app.get(
      '/projects/:pid/attributes',
      onProject('manage', ['pid'], 'Attributes the project offers', {
        querystring: Query(),
        response: { 200: AttrList },
      }),
      async (req) => attrResponse(req.scope!.project),
    );

    app.put(
      '/projects/:pid/attributes',
      onProject('manage', ['pid'], 'Set the attributes the project offers', {
        body: AttributesBody,
        response: { 200: AttrList },
      }),
      async (req) => {
        const { project } = req.scope!;
        const [problem] = await attributeProblems(
          project,
          req.body.attributes.map((a) => a.name),
        );
        if (problem) throw badRequest(problem.key);
        await metadata.projectAttributes.replaceAll(
          project.id,
          req.body.attributes.map((a, i) => ({
            attrName: a.name,
            title: a.title,
            titleEn: a.title_en,
            sortOrder: a.sort_order ?? i,
            config: (a.config ?? {}) as JsonObject,
          })),
        );
        await kit.audit(req, 'project.attributes_update', project.id, { count: req.body.attributes.length });
        return attrResponse(project);
      },
    );

    app.delete(
      '/projects/:pid/attributes',
      onProject('manage', ['pid'], 'Remove attributes from the project', {
        body: Body({ names: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 200 }) }),
        response: { 200: AttrList },
      }),
      async (req) => {
        const { project } = req.scope!;
        await metadata.projectAttributes.remove(project.id, req.body.names);
        await kit.audit(req, 'project.attributes_delete', project.id, { names: req.body.names });
        return attrResponse(project);
      },
    );

    app.post(
      '/projects/:pid/attributes/config',
      onProject('manage', ['pid'], 'Save a draft attribute configuration', {
        body: AttributesBody,
        response: { 200: Envelope(Done) },
      }),
      async (req) => {
        const { project } = req.scope!;
        await metadata.settings.set(
          settingsScope.project(project.id),
          DRAFT_KEY,
          req.body.attributes as unknown as JsonValue,
        );
        await kit.audit(req, 'project.attributes_draft', project.id);
        return ok({ message: 'ok' });
      },
    );

    app.get(
      '/projects/:pid/attributes/config/check',
      onProject('manage', ['pid'], 'Check the draft attribute configuration', {
        querystring: Query(),
        response: {
          200: Envelope(
            Type.Object({ pending: Type.Boolean(), attributes: Type.Array(Type.Unknown()), ...CheckReport.properties }),
          ),
        },
      }),
      async (req) => {
        const { project } = req.scope!;
        const draft = await readDraft(project.id);
        if (!draft) return ok({ pending: false, attributes: [], valid: true, rows: 0, errors: [] });
        const errors = await checkAttributes(
          req,
          project,
          draft.map((a) => String(a.name)),
        );
        return ok({ pending: true, attributes: draft, valid: errors.length === 0, rows: draft.length, errors });
      },
    );

    app.post(
      '/projects/:pid/attributes/config/cancel',
      onProject('manage', ['pid'], 'Discard the draft attribute configuration', {
        body: NoBody,
        response: { 200: Envelope(Done) },
      }),
      async (req) => {
        const { project } = req.scope!;
        await metadata.settings.delete(settingsScope.project(project.id), DRAFT_KEY);
        await kit.audit(req, 'project.attributes_draft_cancel', project.id);
        return ok({ message: 'ok' });
      },
    );

    app.get(
      '/filter/projects/:project_id/attributes',
      onProject('member', ['project_id'], 'Attributes of the project for the filter panel', {
        querystring: Query(),
        response: { 200: FilterAttributes },
      }),
      async (req) => {
        const { project } = req.scope!;
        const attrs = await metadata.projectAttributes.list(project.id);
        // Only values of products the user may see (deny by default, like every data read).
        const grant = await resolveDataGrant(metadata, req.user!, project);
        const values = await kit.fromDataset(project, new Map<string, AttributeValue[]>(), (dataset) =>
          attributeValues(
            warehouse,
            dataset,
            attrs.map((a) => a.attrName),
            grant.categories,
          ),
        );
        return ok({
          items: attrs.map((a) => ({
            name: a.attrName,
            title: a.title,
            title_en: a.titleEn,
            filter_values: (values.get(a.attrName) ?? []).map((v) => ({ value: v.value_zh, value_en: v.value_en })),
          })),
        });
      },
    );
  };
}

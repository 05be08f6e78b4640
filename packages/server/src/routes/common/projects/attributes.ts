import type { AttributeInput, RowProblem } from '@marketlens/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { attributeValues, datasetAttributes } from '../../../analytics/engine/dimensions.js';
import { badRequest } from '../../../errors.js';
import { translateFor } from '../../../i18n.js';
import { type JsonObject, type JsonValue, type Project, settingsScope } from '../../../metadata/index.js';
import { resolveDataGrant } from '../../../permissions/index.js';
import type { ProjectHandlers, ProjectKit } from './shared.js';

type AttributeValue = { value_zh: string; value_en: string };

/** A draft attribute configuration: saved, checked, then applied by PUT or discarded by cancel. */
const DRAFT_KEY = 'attribute_config_draft';

/** Project attributes (which dataset attributes a project offers), their draft config and the filter list. */
export function projectAttributeHandlers(kit: ProjectKit) {
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
    return { items, available: offered };
  }

  async function readDraft(projectId: number): Promise<AttributeInput[] | undefined> {
    const draft = await metadata.settings.get<JsonValue>(settingsScope.project(projectId), DRAFT_KEY);
    return Array.isArray(draft) ? (draft as unknown as AttributeInput[]) : undefined;
  }

  return {
    attributes: async (req) => attrResponse(req.scope!.project),
    setAttributes: async (req) => {
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
    removeAttributes: async (req) => {
      const { project } = req.scope!;
      await metadata.projectAttributes.remove(project.id, req.body.names);
      await kit.audit(req, 'project.attributes_delete', project.id, { names: req.body.names });
      return attrResponse(project);
    },
    saveAttributeDraft: async (req) => {
      const { project } = req.scope!;
      await metadata.settings.set(
        settingsScope.project(project.id),
        DRAFT_KEY,
        req.body.attributes as unknown as JsonValue,
      );
      await kit.audit(req, 'project.attributes_draft', project.id);
      return { message: 'ok' };
    },
    checkAttributeDraft: async (req) => {
      const { project } = req.scope!;
      const draft = await readDraft(project.id);
      if (!draft) return { pending: false, attributes: [], valid: true, rows: 0, errors: [] };
      const errors = await checkAttributes(
        req,
        project,
        draft.map((a) => String(a.name)),
      );
      return { pending: true, attributes: draft, valid: errors.length === 0, rows: draft.length, errors };
    },
    cancelAttributeDraft: async (req) => {
      const { project } = req.scope!;
      await metadata.settings.delete(settingsScope.project(project.id), DRAFT_KEY);
      await kit.audit(req, 'project.attributes_draft_cancel', project.id);
      return { message: 'ok' };
    },
    filterAttributes: async (req) => {
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
      return {
        items: attrs.map((a) => ({
          name: a.attrName,
          title: a.title,
          title_en: a.titleEn,
          filter_values: (values.get(a.attrName) ?? []).map((v) => ({ value: v.value_zh, value_en: v.value_en })),
        })),
      };
    },
  } satisfies Partial<ProjectHandlers>;
}

import { parseSuperQuery, validateCustomAttributes } from '@marketlens/shared';
import { badRequest } from '../../../errors.js';
import { customRules } from '../../../metadata/index.js';
import type { ProjectHandlers, ProjectKit } from './shared.js';

/**
 * A user's custom attributes in a project (docs/web-analysis.md `newAttributes`, docs/api.md): named lists of values,
 * each a super query over product titles. The filter panel defines them, the filter (`newAttributes`)
 * and the attribute distribution use them; docs/api.md "Custom attributes".
 */
export function customAttributeHandlers(kit: ProjectKit) {
  const { metadata } = kit.ctx;

  async function customList(projectId: number, userId: number) {
    return (await metadata.customAttributes.list(projectId, userId)).map((c) => ({
      id: c.id,
      category_id: c.categoryId,
      name: c.name,
      name_en: c.nameEn,
      rules: customRules(c.rules),
      editable: c.userId !== null,
    }));
  }

  return {
    customAttributes: async (req) => {
      const list = await customList(req.scope!.project.id, req.user!.id);
      const cat = req.body?.category_id;
      // Attributes without a category apply to every category.
      return {
        items: cat === undefined ? list : list.filter((c) => c.category_id === null || c.category_id === cat),
      };
    },
    saveCustomAttributes: async (req) => {
      const { project } = req.scope!;
      const items = req.body.items.map((i) => ({ ...i, name: i.name.trim(), name_en: i.name_en.trim() }));
      // The project-wide attributes are listed beside the user's: no name may be one of theirs either.
      const shared = (await customList(project.id, req.user!.id)).filter((c) => !c.editable);
      const problem = validateCustomAttributes([
        ...shared.map((c) => ({ ...c, values: c.rules.map((r) => r.value) })),
        ...items.map((i) => ({ ...i, values: i.rules.map((r) => r.value) })),
      ]);
      if (problem) throw badRequest(problem.problem.key, problem.problem.params);
      // Rules are super queries (docs/api.md): rejected with the super-query message of docs/product.md §5
      // when malformed.
      for (const item of items) {
        for (const rule of item.rules) {
          if (!parseSuperQuery(rule.query).ok) throw badRequest('superQuery.invalidFormat');
        }
      }
      await metadata.customAttributes.replaceForUser(
        project.id,
        req.user!.id,
        items.map((i) => ({
          ...(i.id !== undefined ? { id: i.id } : {}),
          categoryId: i.category_id,
          name: i.name,
          nameEn: i.name_en,
          rules: i.rules.map((r) => ({ value: r.value.trim(), query: r.query })),
        })),
      );
      return { items: await customList(project.id, req.user!.id) };
    },
  } satisfies Partial<ProjectHandlers>;
}

import type { SubAgency, SubAgencyNode } from '@portal/domain/agencies';

/**
 * A row of the sub-agency tree table. `key` is the path of ids from the list's level (`1001/1005`):
 * a search may list an agency both as a match and as the child of another match, and each row
 * still needs its own key.
 */
export interface AgencyRow extends SubAgency {
  key: string;
  /** Present when the agency has sub-agencies: empty until they are loaded. */
  children?: AgencyRow[];
}

const KEY_SEPARATOR = '/';

function toRow(
  agency: SubAgency,
  parentKey: string | null,
  loaded: ReadonlyMap<number, SubAgency[]>,
): AgencyRow {
  const key = parentKey === null ? String(agency.id) : `${parentKey}${KEY_SEPARATOR}${agency.id}`;
  const { children: inline, ...rest } = agency as SubAgency & { children?: SubAgency[] };
  const below = inline ?? loaded.get(agency.id);
  const row: AgencyRow = { ...rest, key };
  if (below && below.length > 0) row.children = below.map((child) => toRow(child, key, loaded));
  else if (agency.childrenCount > 0) row.children = [];
  return row;
}

/**
 * The tree of rows: the list's nodes with their inline children, and below those the levels
 * loaded so far (`loaded`: sub-agencies by parent id). An agency with sub-agencies not loaded yet
 * gets an empty `children`, so that its row can be opened.
 */
export function buildRows(
  list: readonly SubAgencyNode[],
  loaded: ReadonlyMap<number, SubAgency[]>,
): AgencyRow[] {
  return list.map((node) => toRow(node, null, loaded));
}

/**
 * The agencies whose sub-agencies must be asked for: open rows below the list's level (the list
 * answers its nodes' children inline).
 */
export function parentsToLoad(expandedKeys: readonly string[]): number[] {
  const ids = expandedKeys
    .map((key) => key.split(KEY_SEPARATOR))
    .filter((path) => path.length > 1)
    .map((path) => Number(path[path.length - 1]));
  return [...new Set(ids)].filter((id) => Number.isInteger(id)).sort((a, b) => a - b);
}

/** Every row of the tree, depth first, each agency once. */
export function flattenRows(rows: readonly AgencyRow[]): AgencyRow[] {
  const seen = new Set<number>();
  const out: AgencyRow[] = [];
  const walk = (list: readonly AgencyRow[]) => {
    for (const row of list) {
      if (!seen.has(row.id)) {
        seen.add(row.id);
        out.push(row);
      }
      walk(row.children ?? []);
    }
  };
  walk(rows);
  return out;
}

export interface ParentChoice {
  id: number;
  name: string;
}

/**
 * The parents a sub-agency may be placed under: the caller's own agency, then the agencies of the
 * tree that may have sub-agencies, except (when editing) the agency itself and those below it.
 */
export function parentChoices(
  own: ParentChoice,
  rows: readonly AgencyRow[],
  editing?: Pick<SubAgency, 'id'>,
): ParentChoice[] {
  const excluded = new Set<number>();
  if (editing) {
    excluded.add(editing.id);
    // Anything whose chain of parents reaches the edited agency is below it.
    const all = flattenRows(rows);
    const parentOf = new Map(all.map((row) => [row.id, row.parentId]));
    for (const row of all) {
      let parent = row.parentId;
      const visited = new Set<number>();
      while (parent !== null && parent !== undefined && !visited.has(parent)) {
        if (parent === editing.id) excluded.add(row.id);
        visited.add(parent);
        parent = parentOf.get(parent) ?? null;
      }
    }
  }
  const below = flattenRows(rows)
    .filter((row) => row.canCreateSubAgency && !excluded.has(row.id))
    .map((row) => ({ id: row.id, name: row.name }));
  return [own, ...below.filter((row) => row.id !== own.id)];
}

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import UnfoldLessIcon from "@mui/icons-material/UnfoldLess";
import UnfoldMoreIcon from "@mui/icons-material/UnfoldMore";
import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useMemo, useState, useTransition } from "react";
import type { ReferralLink } from "@hub/contract/links";
import type { Program } from "@hub/contract/programs";
import { PageSpinner } from "@/components/spinners/index";
import { useLinks } from "../api/get-links";
import {
  changeLinkFilter,
  DEFAULT_LINK_FILTERS,
  filterLinks,
  groupLinksByProgram,
  sharedProgramIds,
  type LinkFilters,
} from "../utils/link-list";
import { setSelected, visibleSelection } from "../utils/selection";
import { BulkActionBar } from "./bulk-action-bar";
import { DeleteLinkDialog } from "./delete-link-dialog";
import { EditLinkDialog } from "./edit-link-dialog";
import { FilterBar } from "@/components/filter-switch";
import { LinkActionsMenu } from "./link-actions-menu";
import { LinkGroup } from "./link-group";
import { LinkHealthCheck } from "./link-health-check";
import { MarkLinkDeadDialog } from "./mark-link-dead-dialog";
import { MoveLinkDialog } from "./move-link-dialog";
import { isQuickLinkAction, useBusyLinkIds, useQuickLinkActions, type DialogLinkAction, type LinkRowAction } from "./use-link-actions";
import { QueryErrorAlert } from "@/components/errors/index";
import { EmptyState } from "@/components/empty-state";
import { SearchField } from "@/components/search-field/index";
import { searchable, searchItems } from "@/lib/text-search";
import { useFilterParams } from "@/lib/use-filter-params";
import { useSearchQuery } from "@/lib/use-search-query";

const FILTER_LABELS: { name: keyof LinkFilters; label: string }[] = [
  { name: "hideDead", label: "Hide dead links" },
  { name: "hideApproved", label: "Hide approved links" },
  { name: "hideUnpaused", label: "Hide unpaused links" },
  { name: "onlyOnSite", label: "Only links on site" },
  { name: "onlyFailing", label: "Only failing links" },
];

const EMPTY_LINKS: ReferralLink[] = [];

function emptyText(total: number, search: string, filters: LinkFilters): string {
  if (total === 0) return "No referral links have been submitted yet.";
  if (search.trim()) return "No links match your search and filters.";
  return filters.onlyFailing ? "No failing links match the current filters." : "No links match the current filters.";
}

/**
 * Referral Links tab: links per program, filters, bulk selection, every per-link action and the
 * health check. The
 * programs (names, shared on site, move targets) are the programs feature's query, handed in by the page.
 */
export function LinksTab({ programsQuery }: { programsQuery: UseQueryResult<Program[]> }) {
  const linksQuery = useLinks();
  const programs = programsQuery.data;
  const links = linksQuery.data ?? EMPTY_LINKS;

  // kept in the address beside the search, so a reload, Back or a shared address shows the same list
  const [filters, setFilters] = useFilterParams(DEFAULT_LINK_FILTERS);
  const [query, setQuery] = useSearchQuery();
  // typing stays immediate; the list follows when React has time (10,000 links)
  const search = useDeferredValue(query);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const [dialog, setDialog] = useState<{ kind: DialogLinkAction; link: ReferralLink } | null>(null);
  const [menuTarget, setMenuTarget] = useState<{ anchor: HTMLElement; link: ReferralLink } | null>(null);
  // Expand All can mount thousands of rows: as a transition it renders in slices and the page stays responsive.
  const [isExpanding, startExpanding] = useTransition();

  const runQuickAction = useQuickLinkActions();
  const busyIds = useBusyLinkIds();

  const names = useMemo(() => new Map((programs ?? []).map((program) => [program.id, program.name])), [programs]);
  // each link's searchable text, made once per list: program name, member name and e-mail, address, description
  const searchText = useMemo(
    () =>
      new Map(links.map((link) => [link.id, searchable(names.get(link.programId), link.name, link.email, link.link, link.description)])),
    [links, names],
  );
  const { groups, visibleIds } = useMemo(() => {
    const shared = sharedProgramIds(programs ?? []);
    const visible = searchItems(filterLinks(links, filters, shared), (link) => searchText.get(link.id) ?? "", search);
    const grouped = groupLinksByProgram(visible, names);
    return { groups: grouped, visibleIds: grouped.flatMap((group) => group.links.map((link) => link.id)) };
  }, [links, programs, names, filters, search, searchText]);

  const selectedVisibleIds = useMemo(() => visibleSelection(selection, visibleIds), [selection, visibleIds]);
  // a bulk failure names the link as the list does: its owner, in its program (a link deleted meanwhile: by id)
  const describeLink = useCallback(
    (id: string) => {
      const link = links.find((l) => l.id === id);
      return link ? `${link.email} in ${names.get(link.programId) ?? "Unknown Program"}` : `Link ${id}`;
    },
    [links, names],
  );

  const handleFilterChange = useCallback(
    (name: keyof LinkFilters, checked: boolean) => setFilters(changeLinkFilter(name, checked)),
    [setFilters],
  );
  const handleToggleExpanded = useCallback((programId: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(programId)) next.add(programId);
      return next;
    });
  }, []);
  const handleSelect = useCallback((id: string, checked: boolean) => setSelection((current) => setSelected(current, [id], checked)), []);
  const handleSelectMany = useCallback(
    (ids: readonly string[], checked: boolean) => setSelection((current) => setSelected(current, ids, checked)),
    [],
  );
  const handleClearSelection = useCallback(() => setSelection(new Set()), []);
  const handleAction = useCallback(
    (action: LinkRowAction, link: ReferralLink) => {
      if (isQuickLinkAction(action)) runQuickAction(action, link);
      else setDialog({ kind: action, link });
    },
    [runQuickAction],
  );
  const closeDialog = useCallback(() => setDialog(null), []);
  const handleOpenMenu = useCallback((anchor: HTMLElement, link: ReferralLink) => setMenuTarget({ anchor, link }), []);
  const closeMenu = useCallback(() => setMenuTarget(null), []);

  if (linksQuery.isPending || programsQuery.isPending) return <PageSpinner label="Loading referral links" />;
  if (linksQuery.isError || programsQuery.isError)
    return <QueryErrorAlert what="the referral links" queries={[linksQuery, programsQuery]} />;

  return (
    <Stack spacing={2}>
      <LinkHealthCheck />
      <SearchField
        label="Search links"
        hint="Program, member name or e-mail, link address, description"
        value={query}
        onChange={setQuery}
      />
      <FilterBar label="Link filters" filters={FILTER_LABELS} values={filters} onChange={handleFilterChange} />

      <BulkActionBar selectedIds={selectedVisibleIds} onClear={handleClearSelection} describeLink={describeLink} />

      <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
        <Typography color="text.secondary" aria-live="polite">
          {visibleIds.length} of {links.length} links in {groups.length} program{groups.length === 1 ? "" : "s"}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            startIcon={<UnfoldMoreIcon />}
            disabled={groups.length === 0}
            loading={isExpanding}
            loadingPosition="start"
            onClick={() => startExpanding(() => setExpanded(new Set(groups.map((group) => group.programId))))}
          >
            Expand All
          </Button>
          <Button size="small" startIcon={<UnfoldLessIcon />} disabled={expanded.size === 0} onClick={() => setExpanded(new Set())}>
            Collapse All
          </Button>
        </Stack>
      </Stack>

      {groups.length === 0 ? (
        <EmptyState>{emptyText(links.length, search, filters)}</EmptyState>
      ) : (
        <Box sx={{ display: "grid", gap: 1 }}>
          {groups.map((group) => (
            <LinkGroup
              key={group.programId}
              group={group}
              expanded={expanded.has(group.programId)}
              selection={selection}
              busyIds={busyIds}
              onToggleExpanded={handleToggleExpanded}
              onSelect={handleSelect}
              onSelectMany={handleSelectMany}
              onAction={handleAction}
              onOpenMenu={handleOpenMenu}
            />
          ))}
        </Box>
      )}

      <LinkActionsMenu target={menuTarget} onAction={handleAction} onClose={closeMenu} />
      {dialog?.kind === "mark-dead" ? <MarkLinkDeadDialog link={dialog.link} onClose={closeDialog} /> : null}
      {dialog?.kind === "move" ? <MoveLinkDialog link={dialog.link} programs={programs ?? []} onClose={closeDialog} /> : null}
      <EditLinkDialog audience="admin" link={dialog?.kind === "edit" ? dialog.link : null} onClose={closeDialog} />
      <DeleteLinkDialog audience="admin" link={dialog?.kind === "delete" ? dialog.link : null} onClose={closeDialog} />
    </Stack>
  );
}

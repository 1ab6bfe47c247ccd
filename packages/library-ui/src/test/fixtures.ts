import type { CategoryNode } from '../features/categories/types';

let nextId = 1;

/** A category node as the API returns it; ids and parent ids are filled in by `tree`. */
function node(code: string, name: string, nameEn: string, children: CategoryNode[] = [], sort = 0): CategoryNode {
  return { id: nextId++, code, name, nameEn, parentId: null, sort, children };
}

function linkParents(nodes: CategoryNode[], parentId: number | null): CategoryNode[] {
  return nodes.map((child) => ({ ...child, parentId, children: linkParents(child.children, child.id) }));
}

/** A small electronic-components taxonomy, deliberately not in display order (see `sort`). */
export function componentTree(): CategoryNode[] {
  nextId = 1;
  return linkParents(
    [
      node(
        'capacitor',
        '电容',
        'Capacitors',
        [node('mlcc', '多层陶瓷电容', 'MLCC'), node('aluminum-electrolytic', '铝电解电容', 'Aluminium Electrolytic Capacitors')],
        2,
      ),
      node(
        'resistor',
        '电阻',
        'Resistors',
        [
          node('chip-resistor', '贴片电阻', 'Chip Resistors', [node('thick-film', '厚膜电阻', 'Thick Film'), node('thin-film', '薄膜电阻', 'Thin Film')], 1),
          node('through-hole-resistor', '插件电阻', 'Through-Hole Resistors', [], 2),
        ],
        1,
      ),
      node('crystal', '晶振', 'Crystals', [], 3),
    ],
    null,
  );
}

/** The `{code, data, msg}` envelope of the portal API. */
export function envelope(data: unknown, code = 0, msg = ''): string {
  return JSON.stringify({ code, data, msg });
}

export interface FetchStub {
  calls: string[];
  respond: (status: number, body: string) => void;
}

/**
 * Replaces global fetch; every call answers with the response queued last (or the default).
 * Records the URL of each call.
 */
export function stubFetch(status: number, body: string): FetchStub {
  const stub: FetchStub = {
    calls: [],
    respond: (nextStatus, nextBody) => {
      status = nextStatus;
      body = nextBody;
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      stub.calls.push(url);
      return new Response(body, { status, headers: { 'content-type': 'application/json;charset=UTF-8' } });
    }),
  );
  return stub;
}

/** jsdom has no ResizeObserver; antd's Tree and Input observe their size. Nothing resizes in jsdom. */
export function installResizeObserver(): void {
  if (typeof window.ResizeObserver === 'function') return;
  class InertResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  vi.stubGlobal('ResizeObserver', InertResizeObserver);
}

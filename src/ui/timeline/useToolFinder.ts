import { useCallback, useEffect, useState } from 'react';
import type { AnyTool } from '../../tools/types';

/**
 * Finds a tool by name, for the result list's renderers. The registry pulls in the shell parser
 * (just-bash), so it loads after the first paint; until then no tool is found (results show as text).
 */
export function useToolFinder(): (name: string) => AnyTool | undefined {
  const [tools, setTools] = useState<ReadonlyMap<string, AnyTool>>(new Map());
  useEffect(() => {
    void import('../../tools/registry').then(({ getAllBaseTools }) => setTools(new Map(getAllBaseTools().map((tool) => [tool.name, tool]))));
  }, []);
  return useCallback((name: string): AnyTool | undefined => tools.get(name), [tools]);
}

import { createDemand, createFocusHandOff } from '../onDemand';

/** Monaco, asked for by the first person to reach for an editor (lazyEditors.tsx). */
export const monacoDemand = createDemand();

/** Where the focus goes once Monaco mounts in the pane that asked for it. */
export const editorFocus = createFocusHandOff();

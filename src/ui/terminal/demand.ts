import { createDemand, createFocusHandOff } from '../onDemand';

/** xterm.js, asked for by the first person to reach for the terminal (lazyTerminal.tsx). */
export const terminalDemand = createDemand();

/** Where the focus goes once xterm mounts in the pane that asked for it. */
export const terminalFocus = createFocusHandOff();

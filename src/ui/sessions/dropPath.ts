/** The name of a dropped or picked file: its path inside a dropped folder, else its own name. */
export const pathOf = (file: File): string => file.webkitRelativePath || file.name;

/** The lesson on the page: its text and actions above the timeline, and its check after a run. */
export { LessonCheckView } from './LessonCheckView';
export { LessonBar } from './LessonBar';
export { callLabel, describeChanges, lessonCheck, type Difference, type LessonCheck } from './lessonCheck';

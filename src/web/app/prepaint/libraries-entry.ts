/**
 * The build's second entry (`src/web/start-libraries.ts`): the app loader runs it, then the app's own entry in
 * a later task, so that the libraries and the app's modules are evaluated in two tasks instead of one.
 */
export const librariesEntry = 'src/web/start-libraries.ts';

import { runNotFound } from './not-found.ts';

runNotFound(document.currentScript!);

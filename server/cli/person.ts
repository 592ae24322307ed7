// moved to server/people/person.ts; this name stays only for server/backup/ (in progress) until it imports that
export { erasePerson, parseWho, personJson, type Erased, type Who } from '../people/person.ts';

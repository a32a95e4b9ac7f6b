import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export: the screens and dialogs export their components by name, not as default. */
export function lazyNamed<Name extends string, Props extends object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

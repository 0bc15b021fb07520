/**
 * The one table through which the person's tooling reaches a host: its installer (`stopline
 * install`/`uninstall`), whether anything of stopline sits at its default place, and its doctor
 * checks. Every host keeps its row in its own folder (`tooling` in hosts/<host>/doctor.ts), which
 * host-folders.ts, rendered from the specs, brings in; keyed by the names of HOST_SPECS, so the
 * type checker names a host whose spec has no tools. Install and doctor hold no host's name of
 * their own.
 */
import type { HostName } from '../../core/registry/host-specs';
import { FOLDER_TOOLS } from './host-folders';
import type { HostTools } from './host-tool';

export const HOST_TOOLS: Readonly<Record<HostName, HostTools>> = FOLDER_TOOLS;

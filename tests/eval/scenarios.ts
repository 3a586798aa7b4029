/** Every eval scenario, workspace ones first. */
import { editorScenarios } from './editor-scenarios';
import type { Scenario } from './scenario';
import { workspaceScenarios } from './workspace-scenarios';

export const scenarios: Scenario[] = [...workspaceScenarios, ...editorScenarios];

/** Configuration messages (docs/domain.md) and the staff screen's toasts. */
export const CONFIG_COPY = {
  loadFailed: (reason: string) => `Failed to load configuration: ${reason}`,
  missing: (key: string) => `Failed to load configuration: no configuration named ${key}`,
  invalidJson: "The value must be valid JSON",
  keyTaken: "A configuration with this key already exists",
  keyFormat: "Keys are snake_case: lower-case letters, digits and _",
  protectedKey: "This configuration is used by the app and cannot be deleted",
  added: "Configuration added",
  updated: "Configuration updated",
  deleted: "Configuration deleted",
  deleteConfirm: (key: string) => `Delete the configuration ${key}? This cannot be undone.`,
  gateSaved: "Site password gate saved",
  gateNeedsPassword: "Set a site password before switching the gate on",
} as const;

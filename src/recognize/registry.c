/* src/recognize/registry.c - being written. */
typedef int dl_placeholder_registry;

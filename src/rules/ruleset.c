/* src/rules/ruleset.c - being written. */
typedef int dl_placeholder_ruleset;

/* src/frontend/tu.c - being written. */
typedef int dl_placeholder_tu;

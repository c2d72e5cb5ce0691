/* src/report/text.c - being written. */
typedef int dl_placeholder_text;

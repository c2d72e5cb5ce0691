# Empty custom commands generated dependencies file for dl_fuzz_corpus.
# This may be replaced when dependencies are built.

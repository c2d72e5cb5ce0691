#include "lsp/analysis.h"

#include "lsp/diag.h"

#include "lsp/position.h"

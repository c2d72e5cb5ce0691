#include "lsp/server.h"

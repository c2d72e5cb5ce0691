#include "lsp/rpc.h"

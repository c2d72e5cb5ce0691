#include "lsp/actions.h"

// Rapport nocturne : export complet de la table des commandes (été 2024)
#include <aws/dynamodb/DynamoDBClient.h>

void rapport(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest req; /* «tout» */
        req.SetTableName("Commandes");
        req.SetFilterExpression("Année = :a");
        client.Scan(req);
}

import type { Widen } from "../widen.ts";

/**
 * Texts of the super user's backups, restores, exports and imports of companies (companies
 * tab). Portuguese is the reference; en and es must have the same keys.
 */
export const backupsPt = {
  open: "Backups de {{name}}",
  title: "Backups de {{name}}",
  backupNow: "Fazer backup",
  export: "Exportar",
  exportHint:
    "A exportação é um arquivo com o banco e as mídias da empresa, para importar em outra instalação.",
  list: "Backups",
  columns: { name: "Backup", size: "Tamanho", createdAt: "Feito em", actions: "Ações" },
  restore: "Restaurar",
  restoreOf: "Restaurar {{name}}",
  restoreTitle: "Restaurar este backup?",
  restoreMessage:
    "Os dados atuais de {{company}} serão substituídos pelos de {{backup}}. Os dados de agora ficam guardados como um backup. As conexões da empresa reiniciam.",
  beforeRestore: "antes da restauração",
  importCompany: "Importar empresa",
  importFile: "Arquivo de exportação",
  importing: "Importando empresa",
  working: {
    backup: "Fazendo backup",
    restore: "Restaurando",
    export: "Exportando",
    import: "Importando",
  },
  done: {
    backup: "Backup feito.",
    restore: "Empresa restaurada.",
    export: "Exportação pronta: o download começou.",
    import: "Empresa importada.",
  },
  failed: "A tarefa falhou",
  errorList: "Não foi possível carregar os backups",
};

export const backupsEn: Widen<typeof backupsPt> = {
  open: "Backups of {{name}}",
  title: "Backups of {{name}}",
  backupNow: "Back up now",
  export: "Export",
  exportHint: "An export is one file with the company's database and media, to import on another installation.",
  list: "Backups",
  columns: { name: "Backup", size: "Size", createdAt: "Made at", actions: "Actions" },
  restore: "Restore",
  restoreOf: "Restore {{name}}",
  restoreTitle: "Restore this backup?",
  restoreMessage:
    "The current data of {{company}} will be replaced by that of {{backup}}. Today's data is kept as a backup. The company's connections restart.",
  beforeRestore: "before the restore",
  importCompany: "Import company",
  importFile: "Export file",
  importing: "Importing company",
  working: {
    backup: "Backing up",
    restore: "Restoring",
    export: "Exporting",
    import: "Importing",
  },
  done: {
    backup: "Backup made.",
    restore: "Company restored.",
    export: "Export ready: the download has started.",
    import: "Company imported.",
  },
  failed: "The task failed",
  errorList: "Could not load the backups",
};

export const backupsEs: Widen<typeof backupsPt> = {
  open: "Copias de seguridad de {{name}}",
  title: "Copias de seguridad de {{name}}",
  backupNow: "Hacer copia de seguridad",
  export: "Exportar",
  exportHint:
    "La exportación es un archivo con la base de datos y los medios de la empresa, para importarlo en otra instalación.",
  list: "Copias de seguridad",
  columns: { name: "Copia", size: "Tamaño", createdAt: "Hecha el", actions: "Acciones" },
  restore: "Restaurar",
  restoreOf: "Restaurar {{name}}",
  restoreTitle: "¿Restaurar esta copia?",
  restoreMessage:
    "Los datos actuales de {{company}} se reemplazarán por los de {{backup}}. Los datos de ahora quedan guardados como una copia. Las conexiones de la empresa se reinician.",
  beforeRestore: "antes de la restauración",
  importCompany: "Importar empresa",
  importFile: "Archivo de exportación",
  importing: "Importando empresa",
  working: {
    backup: "Haciendo copia de seguridad",
    restore: "Restaurando",
    export: "Exportando",
    import: "Importando",
  },
  done: {
    backup: "Copia de seguridad hecha.",
    restore: "Empresa restaurada.",
    export: "Exportación lista: la descarga comenzó.",
    import: "Empresa importada.",
  },
  failed: "La tarea falló",
  errorList: "No se pudieron cargar las copias de seguridad",
};

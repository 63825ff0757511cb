UPDATE `outbox_messages` SET `text` = '[not kept: recorded before Signet stopped keeping the text of messages once they left]', `links` = '[]' WHERE `status` <> 'outbox';
